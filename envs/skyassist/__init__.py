"""SkyAssist: the built-in flight-booking auditing environment (DESIGN section 5)."""


GYM_ID = "probe/SkyAssist-v0"  # registered with Gymnasium by probe.core.game (kwargs env=<name>)


def make_domain():
    from envs.skyassist.domain import SkyAssistDomain
    return SkyAssistDomain()
