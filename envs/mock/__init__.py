"""Mock: a tiny library help desk, the smallest complete probe environment.

It exists so that probe's core can be tested without SkyAssist, and as the example to copy when
writing a new environment (README.md beside this file walks through the layout).
"""


GYM_ID = "probe/Mock-v0"  # registered with Gymnasium by probe.core.game (kwargs env=<name>)


def make_domain():
    from envs.mock.domain import MockDomain
    return MockDomain()
