"""The environments shipped in this repository.

``BUILTIN_ENVS`` maps each environment's name to its ``module:factory``; probe's registry
(``probe.core.registry``) reads it so the built-ins are found from a checkout that is not installed
(``pyproject.toml`` declares the same names in the ``probe.envs`` entry-point group).
``DEFAULT_ENV`` is the environment commands use when ``--env`` is not given: the one documented
default (configs name their env explicitly).
"""

BUILTIN_ENVS: dict[str, str] = {
    "skyassist": "envs.skyassist:make_domain",
    "mock": "envs.mock:make_domain",
    "taubench-retail": "envs.taubench:make_domain",
}
DEFAULT_ENV = "skyassist"
