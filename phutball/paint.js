// Paints a list of shapes (phutball/drawing.py) on a canvas: the one painter of the lab's canvases
// (the build writes it into site/canvas.js) and of the notebook widget (phutball.widget puts it
// before widget.js). Shapes are in CSS pixels, on a 2D context whose transform is already set;
// `colour` resolves a shape's "var(--name)".
export function paintShapes(ctx, shapes, colour) {
  for (const s of shapes) {
    ctx.save();
    if (s.t === "rect") {
      if (s.dash) ctx.setLineDash(s.dash);
      ctx.beginPath();
      if (s.r && ctx.roundRect) ctx.roundRect(s.x, s.y, s.w, s.h, s.r);
      else ctx.rect(s.x, s.y, s.w, s.h);
      if (s.fill) { ctx.fillStyle = colour(s.fill); ctx.fill(); }
      if (s.stroke) { ctx.strokeStyle = colour(s.stroke); ctx.lineWidth = s.lw || 1; ctx.stroke(); }
    } else if (s.t === "line") {
      ctx.beginPath();
      s.pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.strokeStyle = colour(s.stroke);
      ctx.lineWidth = s.lw || 1;
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
      if (s.dash) ctx.setLineDash(s.dash);
      ctx.stroke();
    } else if (s.t === "circle") {
      if (s.dash) ctx.setLineDash(s.dash);
      ctx.beginPath();
      ctx.arc(s.x, s.y, s.rad, 0, Math.PI * 2);
      if (s.fill) { ctx.fillStyle = colour(s.fill); ctx.fill(); }
      if (s.stroke) { ctx.strokeStyle = colour(s.stroke); ctx.lineWidth = s.lw || 1; ctx.stroke(); }
    } else if (s.t === "poly") {
      ctx.beginPath();
      s.pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.closePath();
      if (s.fill) { ctx.fillStyle = colour(s.fill); ctx.fill(); }
      if (s.stroke) { ctx.strokeStyle = colour(s.stroke); ctx.lineWidth = s.lw || 1; ctx.stroke(); }
    } else if (s.t === "text") {
      ctx.fillStyle = colour(s.fill);
      ctx.font = `${s.bold ? "600 " : ""}${s.size}px system-ui, sans-serif`;
      ctx.textAlign = s.align || "left";
      ctx.textBaseline = "middle";
      ctx.fillText(s.s, s.x, s.y);
    }
    ctx.restore();
  }
}
