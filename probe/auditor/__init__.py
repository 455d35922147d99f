"""Auditor models: the prompt format, the tiny CPU auditor build, and LoRA/QLoRA loading.

Heavy libraries (torch, transformers, peft, trl) are imported inside the functions that need them.
"""

from probe.auditor.model import Auditor, AuditorSetupError, Generation, LoraSettings, check_4bit_support, load_auditor
from probe.auditor.prompt import CUSTOMER_ROLE_PROMPT, chat_messages, plain_prompt
from probe.auditor.tiny import TinySettings, build_tiny_auditor, default_tiny_path

__all__ = ["Auditor", "AuditorSetupError", "Generation", "LoraSettings", "check_4bit_support", "load_auditor",
           "CUSTOMER_ROLE_PROMPT", "chat_messages", "plain_prompt", "TinySettings", "build_tiny_auditor",
           "default_tiny_path"]
