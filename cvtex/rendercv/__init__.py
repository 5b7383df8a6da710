"""RenderCV (https://rendercv.com): its YAML input read into a profile (``cvtex import``)."""

from .importer import is_rendercv, rendercv_profile, rendercv_profile_path

__all__ = ["is_rendercv", "rendercv_profile", "rendercv_profile_path"]
