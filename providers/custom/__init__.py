"""Your own provider variants: subclass a provider (or providers.shared.base.JarvisPromptProvider),
give it a new `{Family}{Size}{Tier}{Variant}` name, and drop the module here or in
<config dir>/providers/. Discovery finds it; select it with `--provider` or setting llm.interface."""
