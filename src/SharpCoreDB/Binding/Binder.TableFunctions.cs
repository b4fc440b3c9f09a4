using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Binding;

/// <content>Binding table-valued functions in FROM: json_each and json_tree.</content>
internal sealed partial class Binder
{
    // SQLite's json_each/json_tree take the JSON and an optional path; they are its only table-valued functions here.
    private const int MaxTableFunctionArguments = 2;

    private FromItem BindTableFunction(TableFunctionSource function, Scope scope)
    {
        if (!TryResolveTableFunction(function.Name, out string name, out bool recursive))
        {
            // SQLite looks the name up as a table (a virtual table module) and reports it as one.
            throw SqlErrors.At(SharpCoreDBErrorCode.UnknownTable, $"no such table: {function.Name}", function.Position);
        }

        if (function.Arguments.Length > MaxTableFunctionArguments)
        {
            throw SqlErrors.At(SharpCoreDBErrorCode.Unsupported, $"too many arguments on {name}() - max {MaxTableFunctionArguments}", function.Position);
        }

        // The arguments see the FROM items before this one (and enclosing queries): json_each(t.doc) after t.
        Expr? json = function.Arguments.Length > 0 ? BindExpr(function.Arguments[0], scope) : null;
        Expr? path = function.Arguments.Length > 1 ? BindExpr(function.Arguments[1], scope) : null;
        var columns = new SourceColumn[JsonTableOperator.ColumnNames.Length];
        for (int i = 0; i < columns.Length; i++)
        {
            // Declared without types, as in SQLite: BLOB affinity (a column with no type), BINARY collation.
            columns[i] = new SourceColumn(JsonTableOperator.ColumnNames[i], i, Affinity.Blob, SqlDeclaredType.None, string.Empty)
            {
                Hidden = i >= JsonTableOperator.Json,
            };
        }

        int slot = NewSlot(columns.Length);
        var source = new SourceBinding(function.Alias ?? name, slot, columns, null, trackUsedColumns: true);
        return new FromItem(source) { TableFunction = new TableFunctionCall(name, recursive, json, path) };
    }

    private static bool IsTableFunction(string name) => TryResolveTableFunction(name, out _, out _);

    // The table-valued function a FROM name calls (case-insensitive), with its canonical name; json_tree walks the
    // whole tree, json_each one level.
    private static bool TryResolveTableFunction(string name, out string canonical, out bool recursive)
    {
        recursive = string.Equals(name, "json_tree", StringComparison.OrdinalIgnoreCase);
        canonical = recursive ? "json_tree" : "json_each";
        return recursive || string.Equals(name, "json_each", StringComparison.OrdinalIgnoreCase);
    }

    // PRAGMA table_info(json_each) and table_xinfo as SQLite answers them: untyped columns, json and root hidden (1).
    private static List<Expr[]> TableFunctionInfo(bool extended)
    {
        var rows = new List<Expr[]>();
        for (int i = 0; i < JsonTableOperator.ColumnNames.Length; i++)
        {
            bool hidden = i >= JsonTableOperator.Json;
            if (hidden && !extended)
            {
                continue;
            }

            Expr[] row =
            [
                Literal(SqlValue.FromInt64(i)),
                Literal(SqlValue.FromText(JsonTableOperator.ColumnNames[i])),
                Literal(SqlValue.FromText(string.Empty)),
                Literal(SqlValue.FromInt64(0)),
                Literal(SqlValue.Null),
                Literal(SqlValue.FromInt64(0)),
            ];
            rows.Add(extended ? [.. row, Literal(SqlValue.FromInt64(hidden ? 1 : 0))] : row);
        }

        return rows;
    }

    // True when the function's arguments read one of the first count FROM sources of the scope.
    private static bool ReadsSources(TableFunctionCall function, Scope scope, int count)
    {
        var slots = new HashSet<int>();
        function.CollectSlots(slots);
        for (int i = 0; i < count; i++)
        {
            if (slots.Contains(scope.Sources[i].Slot))
            {
                return true;
            }
        }

        return false;
    }
}
