"""SkyAssist: the built-in flight-booking auditing environment (DESIGN section 5)."""


def make_domain():
    from envs.skyassist.domain import SkyAssistDomain
    return SkyAssistDomain()
