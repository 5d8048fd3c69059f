"""Drawing SVG art: the svgwrite helpers every pack's art uses (`svgkit`) and the low-ink version of
any drawing (`ink`). Each game's own art lives in its pack (kitpress/games/<game>/art/)."""
