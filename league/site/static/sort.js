// Sortable tables: click a column heading to sort by it, click again to reverse.
// Numbers (including ".543", "7.1", "-3", "+2") sort as numbers, the rest as text.
(function () {
  "use strict";
  function key(cell) {
    var text = cell.textContent.trim();
    var n = text.replace(/^\+/, "");
    if (n !== "" && n !== "-" && !isNaN(Number(n))) { return { num: true, v: Number(n) }; }
    return { num: false, v: text.toLowerCase() };
  }
  function compare(a, b) {
    if (a.num && b.num) { return a.v - b.v; }
    if (a.num !== b.num) { return a.num ? -1 : 1; }
    return a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
  }
  function sortBy(table, th, index) {
    var body = table.tBodies[0];
    var descending = th.getAttribute("aria-sort") === "ascending";
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (r1, r2) {
      var c = compare(key(r1.cells[index]), key(r2.cells[index]));
      return descending ? -c : c;
    });
    Array.prototype.forEach.call(th.parentNode.cells, function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", descending ? "descending" : "ascending");
    rows.forEach(function (r) { body.appendChild(r); });
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    if (!table.tHead || !table.tBodies.length) { return; }
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
      th.tabIndex = 0;
      th.title = "Sort by " + th.textContent.trim();
      th.addEventListener("click", function () { sortBy(table, th, index); });
      th.addEventListener("keydown", function (e) { if (e.key === "Enter") { sortBy(table, th, index); } });
    });
  });
})();
