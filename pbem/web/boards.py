"""How a game's board drawn in a page looks (issue 44): the cells of a kind's `table` (grids
of buttons, SVG cells) for the seat's page and the public game page alike; sized so that no
page scrolls sideways on a phone (a wide board scrolls in its own box)."""

BOARD_STYLE = """
<style>
.board{max-width:100%;overflow-x:auto;margin:6px 0}
.board h2{margin:6px 0 2px;font-size:1rem}
.space{display:flex;flex-wrap:wrap;gap:10px 14px}
.space h2{flex-basis:100%}
.grid{display:grid;grid-template-columns:repeat(6,28px);grid-auto-rows:28px;gap:1px}
.grid .h{display:flex;align-items:center;justify-content:center;font:12px ui-monospace,monospace;
 color:#333}
.cell{font:bold 13px ui-monospace,monospace;padding:0;min-height:0;border:1px solid #888;
 background:#fafafa;color:#111;cursor:pointer}
button.cell{width:28px;height:28px}
.cell.live{background:#e2f0ff;border-color:#1f5fbf}
.cell.from,.cell.collecting{background:#ffd966;border:2px solid #7a5200}
.cell.picked{background:#cfe8d4;border:2px solid #1b7f3b}
.cell:focus-visible{outline:3px solid #f2b600;outline-offset:1px}
svg .cell polygon{fill:#f6f6f0;stroke:#777;stroke-width:1}
svg .cell.live polygon{fill:#dbeaff;stroke:#1f5fbf;stroke-width:2.5}
svg .cell.from polygon{fill:#ffd966;stroke:#7a5200;stroke-width:3}
svg .cell:focus polygon{stroke:#000;stroke-width:4}
svg .ghost{fill:#e4e4de;stroke:#bbb}
svg text{text-anchor:middle;pointer-events:none;font-family:ui-sans-serif,sans-serif}
svg text.name{font-size:11px;fill:#444}
svg .unit.terran{fill:#0b5c99}
svg .unit.alien{fill:#fff;stroke:#b34700;stroke-width:3}
svg .unit-letter{font-size:16px;font-weight:bold}
svg .unit-letter.terran{fill:#fff}
svg .unit-letter.alien{fill:#b34700}
svg .impactor{font-size:18px;fill:#222}
svg .ship.sideA{fill:#0b5c99}
svg .ship.sideB{fill:#fff;stroke:#b34700;stroke-width:3}
svg .ship-letter{font-size:12px;font-weight:bold;fill:#fff}
svg rect.ship + .ship-letter{fill:#b34700}
svg .ship-name{font-size:11px;fill:#111}
svg .facing{stroke:#111;stroke-width:3}
.chessboard{width:100%;min-width:620px}
.hexmap{width:100%;height:auto}
@media (max-width:600px){
 body{margin:8px}
 .chessboard{min-width:880px}
}
</style>
"""
