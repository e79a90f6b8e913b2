"""The report model and its renderers: every command builds a :class:`Report`, one renderer per format."""
from oddscalc.report.model import Report, Table
from oddscalc.report.render import FORMATS, render

__all__ = ["FORMATS", "Report", "Table", "render"]
