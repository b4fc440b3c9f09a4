using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;

namespace SharpCoreDB.Binding;

/// <content>PRAGMA table_info/table_xinfo of a view: its columns, typed as SQLite types a view's columns.</content>
internal sealed partial class Binder
{
    // The view's result columns, bound on their own (no outer query, no parameters in a view).
    private IReadOnlyList<ResultColumnInfo> ViewResultColumns(ViewSchema view) =>
        new Binder(_schema, new Dictionary<string, int>(), _collations, _functions).BindQuery(view.Query, null).Columns;

    // SQLite lists a view's columns with notnull 0, no default and pk 0 (hidden 0 in table_xinfo).
    private List<Expr[]> ViewInfo(ViewSchema view, bool extended)
    {
        IReadOnlyList<ResultColumnInfo> columns = ViewResultColumns(view);
        var rows = new List<Expr[]>(columns.Count);
        for (int i = 0; i < columns.Count; i++)
        {
            Expr[] row =
            [
                Literal(SqlValue.FromInt64(i)),
                Literal(SqlValue.FromText(view.ColumnNames.IsDefaultOrEmpty ? columns[i].Name : view.ColumnNames[i])),
                Literal(SqlValue.FromText(ViewColumnType(columns[i]))),
                Literal(SqlValue.FromInt64(0)),
                Literal(SqlValue.Null),
                Literal(SqlValue.FromInt64(0)),
            ];
            rows.Add(extended ? [.. row, Literal(SqlValue.FromInt64(0))] : row);
        }

        return rows;
    }

    // SQLite's sqlite3SubqueryColumnTypes: the declared type of the table column the expression reads when that type
    // gives the column's affinity; otherwise the standard name of the affinity (NUM for NUMERIC), empty for none.
    private static string ViewColumnType(ResultColumnInfo column)
    {
        if (column.DeclaredTypeName.Length > 0 && SqliteAffinity(AffinityRules.FromTypeName(column.DeclaredTypeName)) == SqliteAffinity(column.Affinity))
        {
            return TypeText(column.DeclaredTypeName);
        }

        return column.Affinity switch
        {
            Affinity.Blob => "BLOB",
            Affinity.Integer => "INT",
            Affinity.Real => "REAL",
            Affinity.Text => "TEXT",
            Affinity.Numeric or Affinity.Decimal => "NUM",
            _ => string.Empty,
        };
    }

    // DECIMAL is this engine's exact flavour of NUMERIC; SQLite knows only NUMERIC.
    private static Affinity SqliteAffinity(Affinity affinity) => affinity == Affinity.Decimal ? Affinity.Numeric : affinity;
}
