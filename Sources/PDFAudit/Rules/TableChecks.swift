import PDFCore
import PDFSyntax
import PDFFile

/// A table laid out as a grid of cells from its rows, `RowSpan` and `ColSpan` (ISO 32000-1
/// §14.8.5.7, Table attributes), the way PDF/UA-1 auditors lay it out:
///
/// - rows are the table's `TR` kids and the `TR` kids of its `THead`, `TBody` and `TFoot`
///   (grouping elements such as `Div` are looked through);
/// - the number of columns is the column span of the first row; the number of rows adds
///   the row span of each row's first cell, skipping the rows that span covers;
/// - cells are placed row by row into the next free slot. Layout stops at the first problem:
///   a cell that runs past the last column, a cell that runs past the last row, two cells
///   sharing a slot, or a row left with empty slots.
struct TableGrid {
    /// Where the layout stopped.
    enum Problem: Equatable {
        /// Cells `a` and `b` (element indexes) share a slot.
        case overlap(Int, Int, row: Int, column: Int)
        /// Cell `cell` in row `row` ends past the column count of the first row.
        case rowTooWide(row: Int, cell: Int, columns: Int)
        /// Cell `cell` starting in column `column` spans past the last row.
        case columnTooLong(column: Int, cell: Int, rows: Int)
        /// Row `row` fills only `filled` of `columns` columns.
        case rowTooShort(row: Int, filled: Int, columns: Int)
        /// The grid would exceed ``TableGrid/maxCells``; not laid out.
        case tooLarge
    }

    /// The most slots a grid may have; larger tables (or absurd spans) are not laid out.
    static let maxCells = 1_000_000

    /// `TR` elements, in order.
    var rows: [Int] = []
    var rowCount = 0
    var columnCount = 0
    /// Slot contents (element index of the cell), row-major; only complete when `problem`
    /// is nil.
    var slots: [Int?] = []
    /// Each cell's top-left slot.
    var origin: [Int: (row: Int, column: Int)] = [:]
    var problem: Problem?

    func cell(_ r: Int, _ c: Int) -> Int? { slots[r * columnCount + c] }

    init(table: Int, roles: StructureRoles) {
        for k in roles.significantKids(of: table) {
            switch roles.standardType[k] {
            case "TR": rows.append(k)
            case "THead", "TBody", "TFoot": rows += roles.significantKids(of: k).filter { roles.standardType[$0] == "TR" }
            default: break
            }
        }
        let cells = rows.map { roles.significantKids(of: $0).filter { roles.standardType[$0] == "TD" || roles.standardType[$0] == "TH" } }
        var r = 0
        while r < rows.count {
            // A row whose first kid is not a cell adds no rows.
            if let first = roles.significantKids(of: rows[r]).first, cells[r].first == first {
                let span = Self.span("RowSpan", first, roles)
                rowCount += span
                r += max(span, 1)
            } else {
                r += 1
            }
        }
        guard rowCount > 0 else { return }
        columnCount = cells[0].reduce(0) { $0 + Self.span("ColSpan", $1, roles) }
        guard rowCount.multipliedReportingOverflow(by: max(columnCount, 1)).overflow == false,
              rowCount * max(columnCount, 1) <= Self.maxCells else { problem = .tooLarge; return }
        slots = Array(repeating: nil, count: rowCount * columnCount)
        place(cells, roles)
    }

    private mutating func place(_ cells: [[Int]], _ roles: StructureRoles) {
        for (r, row) in cells.enumerated() {
            var c = 0
            for cell in row {
                let colSpan = Self.span("ColSpan", cell, roles), rowSpan = Self.span("RowSpan", cell, roles)
                while r < rowCount, c < columnCount, slots[r * columnCount + c] != nil { c += 1 }
                if c + colSpan > columnCount { problem = .rowTooWide(row: r, cell: cell, columns: columnCount); return }
                if r + rowSpan > rowCount { problem = .columnTooLong(column: c, cell: cell, rows: rowCount); return }
                origin[cell] = (r, c)
                for i in 0..<rowSpan {
                    for j in 0..<colSpan {
                        let s = (r + i) * columnCount + c + j
                        if let other = slots[s] {
                            problem = .overlap(other, cell, row: r + i, column: c + j)
                            return
                        }
                        slots[s] = cell
                    }
                }
                c += colSpan
            }
        }
        for r in 0..<rowCount {
            let filled = (0..<columnCount).filter { slots[r * columnCount + $0] != nil }.count
            if filled != columnCount { problem = .rowTooShort(row: r, filled: filled, columns: columnCount); return }
        }
    }

    /// `RowSpan` or `ColSpan` of a cell (Table attribute, default 1; negative values count as
    /// 0, values beyond ``maxCells`` as `maxCells + 1`).
    static func span(_ key: String, _ cell: Int, _ roles: StructureRoles) -> Int {
        min(max(0, roles.attribute(key, owner: "Table", of: cell) { $0.integer } ?? 1), maxCells + 1)
    }
}

extension StructureChecks {
    /// 7.2-15 (cells do not overlap), 7.2-41 (every column has the same number of rows),
    /// 7.2-42 (no row wider than the first), 7.2-43 (no row narrower than the first).
    /// Layout stops at the first problem, so a table fails at most one of them.
    static let tableGeometry = AuditCheck(["7.2-15", "7.2-41", "7.2-42", "7.2-43"]) { ctx in
        let roles = StructureRoles.of(ctx)
        let grids = tableGrids(ctx)
        for (table, grid) in grids {
            let at = roles.location(of: table)
            switch grid.problem {
            case .overlap(let a, let b, let row, let column):
                for cell in [a, b] {
                    ctx.fail("7.2-15", "Table cells overlap at row \(row + 1), column \(column + 1) once RowSpan and ColSpan are applied. Correct the RowSpan/ColSpan attributes or remove the extra cell.",
                             at: roles.location(of: cell), evidence: [.init("row", String(row + 1)), .init("column", String(column + 1))])
                }
                ctx.checked("7.2-41"); ctx.checked("7.2-42"); ctx.checked("7.2-43")
            case .rowTooWide(let row, let cell, let columns):
                ctx.fail("7.2-42", "Row \(row + 1) of the table has more columns than the first row (\(columns)), counting ColSpan. Give every row the same number of columns: fix ColSpan or add or remove cells.",
                         at: at, evidence: [.init("row", String(row + 1)), .init("columns", String(columns)), .init("cell", roles.tree.structPath(of: cell))])
                ctx.checked("7.2-15"); ctx.checked("7.2-41"); ctx.checked("7.2-43")
            case .columnTooLong(let column, let cell, let rows):
                ctx.fail("7.2-41", "Column \(column + 1) of the table has a cell whose RowSpan runs past the last row (\(rows) rows). Give every column the same number of rows: fix RowSpan or add the missing rows.",
                         at: at, evidence: [.init("column", String(column + 1)), .init("rows", String(rows)), .init("cell", roles.tree.structPath(of: cell))])
                ctx.checked("7.2-15"); ctx.checked("7.2-42"); ctx.checked("7.2-43")
            case .rowTooShort(let row, let filled, let columns):
                ctx.fail("7.2-43", "Row \(row + 1) of the table has \(filled) columns but the first row has \(columns), counting ColSpan and RowSpan. Add the missing cells (empty TD elements are fine) or fix the spans.",
                         at: at, evidence: [.init("row", String(row + 1)), .init("columns", String(filled)), .init("first row columns", String(columns))])
                ctx.checked("7.2-15"); ctx.checked("7.2-41"); ctx.checked("7.2-42")
            case .tooLarge:
                continue
            case nil:
                for id in ["7.2-15", "7.2-41", "7.2-42", "7.2-43"] { ctx.checked(id) }
            }
        }
    }

    /// Every table's grid, in tree order, computed once per audit.
    static func tableGrids(_ ctx: AuditContext) -> [(Int, TableGrid)] {
        ctx.memoized("StructureChecks.tableGrids") {
            let roles = StructureRoles.of(ctx)
            return roles.elements(ofType: "Table").map { ($0, TableGrid(table: $0, roles: roles)) }
        }
    }

    /// 7.5-1 and 7.5-2: a data cell's headers are determinable. Decided per regular table:
    /// when every TH has a Scope, the table passes; otherwise each TD needs a `Headers`
    /// attribute whose every id names a TH of the table, or a scoped TH above it in its
    /// column (Column or Both) or to its left in its row (Row or Both), looking past
    /// unscoped TH cells but stopping at the first data cell after them. The first TD that
    /// has neither fails 7.5-2 when its `Headers` name unknown ids, else 7.5-1; the rest of
    /// the table is not evaluated further.
    static let tableHeaders = AuditCheck(["7.5-1", "7.5-2"]) { ctx in
        let roles = StructureRoles.of(ctx)
        for (table, grid) in tableGrids(ctx) where grid.problem == nil && grid.rowCount > 0 {
            var ids = Set<String>()
            var allScoped = true
            for slot in grid.slots {
                guard let cell = slot, roles.standardType[cell] == "TH" else { continue }
                if let id = roles.tree.elements[cell].id, !id.isEmpty { ids.insert(id) }
                if scope(of: cell, roles) == nil { allScoped = false }
            }
            let tds = Set(grid.slots.compactMap { $0 }.filter { roles.standardType[$0] == "TD" })
            if allScoped {
                ctx.checked("7.5-1", count: tds.count); ctx.checked("7.5-2", count: tds.count)
                continue
            }
            var seen = Set<Int>()
            for slot in grid.slots {
                guard let td = slot, roles.standardType[td] == "TD", seen.insert(td).inserted else { continue }
                let headers = roles.attribute("Headers", owner: "Table", of: td) { $0.array }?
                    .compactMap { ctx.document.store.resolve($0).string.map { String(decoding: $0.bytes, as: UTF8.self) } } ?? []
                let byHeaders = !headers.isEmpty && headers.allSatisfy { ids.contains($0) }
                if byHeaders || hasScopedHeader(td, grid: grid, roles: roles) {
                    ctx.checked("7.5-1"); ctx.checked("7.5-2")
                    continue
                }
                let unknown = headers.filter { !ids.contains($0) }
                var at = roles.location(of: td)
                if at.pageIndex == nil { at.pageIndex = roles.tree.elements[table].pageIndex }
                ctx.checked(unknown.isEmpty ? "7.5-2" : "7.5-1")
                if unknown.isEmpty {
                    ctx.fail("7.5-1", "This data cell has no header a screen reader can find: no Headers attribute and no TH with a Scope above it or to its left. Give the TH cells a Scope attribute (Column, Row or Both), or give the cell Headers listing the IDs of its TH cells.",
                             at: at, evidence: [.init("table", roles.tree.structPath(of: table))])
                } else {
                    ctx.fail("7.5-2", "This data cell's Headers attribute names IDs that no TH of the table has (\(unknown.joined(separator: ", "))). Set the Headers entries to the /ID values of the cell's TH elements.",
                             at: at, evidence: [.init("unknown headers", unknown.joined(separator: ","))])
                }
                break
            }
        }
    }

    /// A TH's `Scope` (Table attribute), or nil.
    static func scope(of cell: Int, _ roles: StructureRoles) -> String? {
        roles.attribute("Scope", owner: "Table", of: cell) { $0.name?.string }
    }

    /// Whether a scoped TH heads data cell `td`: above it in any of its columns with scope
    /// Column or Both, or left of it in any of its rows with scope Row or Both.
    static func hasScopedHeader(_ td: Int, grid: TableGrid, roles: StructureRoles) -> Bool {
        guard let o = grid.origin[td] else { return false }
        let colSpan = TableGrid.span("ColSpan", td, roles), rowSpan = TableGrid.span("RowSpan", td, roles)
        func look(_ slots: [(Int, Int)], _ wanted: String) -> Bool {
            var afterHeader = false
            for (r, c) in slots {
                guard let cell = grid.cell(r, c) else { continue }
                let isTH = roles.standardType[cell] == "TH"
                if isTH, let s = scope(of: cell, roles), s == "Both" || s == wanted { return true }
                if isTH { afterHeader = true } else if afterHeader { break }
            }
            return false
        }
        if o.row > 0 {
            for c in o.column..<min(o.column + colSpan, grid.columnCount)
            where look((0..<o.row).reversed().map { ($0, c) }, "Column") { return true }
        }
        if o.column > 0 {
            for r in o.row..<min(o.row + rowSpan, grid.rowCount)
            where look((0..<o.column).reversed().map { (r, $0) }, "Row") { return true }
        }
        return false
    }
}
