"""The environment-agnostic core: trace, Domain interface, policies, episode, observation, game,
registry, scripted customers, failed turns."""
