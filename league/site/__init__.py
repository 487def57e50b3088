"""The league website: static pages built from the read models and the event log."""

from league.site.build import BuildReport, SiteError, build_site

__all__ = ["BuildReport", "SiteError", "build_site"]
