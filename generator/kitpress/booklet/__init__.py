"""The rule books, the student rules and the teacher's book: jinja2 HTML templates from templates/,
typeset by WeasyPrint."""
