"""The rule booklet: jinja2 HTML templates from templates/, typeset by WeasyPrint."""
