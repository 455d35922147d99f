"""The environments shipped in this repository.

``BUILTIN_ENVS`` maps each environment's name to its ``module:factory``; probe's registry
(``probe.core.registry``) reads it so the built-ins are found from a checkout that is not installed
(``pyproject.toml`` declares the same names in the ``probe.envs`` entry-point group).
``DEFAULT_ENV`` is the environment commands use when ``--env`` is not given: the one documented
default (configs name their env explicitly).
"""

import re

# The environments' language readers and verifiers write most of their patterns inline (``re.search(r"...", text)``):
# about 2,700 distinct ones in twenty retail test files. Python's ``re`` keeps 512 compiled patterns and drops the
# oldest first, so a long run compiles the same patterns again and again: those twenty files compiled 6,842 patterns
# (2.6 s) with the default and 2,731 (1.7 s) with every pattern kept, about 3% of their time. The compiled patterns
# take a few megabytes. (The private name is only raised where it exists and is smaller.)
REGEX_CACHE = 8192
if getattr(re, "_MAXCACHE", REGEX_CACHE) < REGEX_CACHE:
    re._MAXCACHE = REGEX_CACHE

BUILTIN_ENVS: dict[str, str] = {
    "skyassist": "envs.skyassist:make_domain",
    "mock": "envs.mock:make_domain",
    "taubench-retail": "envs.taubench:make_domain",
}
DEFAULT_ENV = "skyassist"
