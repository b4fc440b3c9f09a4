using System.Globalization;
using System.Text;
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Dml;
using SharpCoreDB.Execution.Expressions;
using SharpCoreDB.Execution.ForeignKeys;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Scalar;
using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Binding;

/// <content>
/// Foreign keys: the enforcer a write to a table gets, the statements the ON DELETE / ON UPDATE actions run (bound
/// when first needed, as SQLite codes its action triggers), and PRAGMA foreign_key_list and foreign_key_check.
/// </content>
internal sealed partial class Binder
{
    private static readonly Dictionary<int, IReadOnlyDictionary<string, int>> s_actionParameters = [];

    /// <summary>
    /// Binds an action's statement on the child table: <c>DELETE FROM child WHERE key = ?1…</c> (ON DELETE CASCADE),
    /// <c>UPDATE child SET key = ?n+1… WHERE key = ?1…</c> (ON UPDATE CASCADE), or <c>UPDATE child SET key = NULL</c> /
    /// the column's DEFAULT (SET NULL, SET DEFAULT). It is an ordinary statement, so the child's triggers and foreign
    /// keys take part as they do in SQLite. The planner's foreign-key enforcer binds and plans it (inside
    /// <see cref="StackGuard.Run{T}"/>) when the action first runs.
    /// </summary>
    /// <param name="schema">The schema to bind against.</param>
    /// <param name="collations">The database's collations.</param>
    /// <param name="functions">The functions registered from C#.</param>
    /// <param name="link">The foreign key.</param>
    /// <param name="action">Its action.</param>
    /// <param name="onDelete">True for ON DELETE, false for ON UPDATE.</param>
    /// <returns>The bound UPDATE or DELETE on the child table.</returns>
    public static BoundStatement BindForeignKeyAction(Schema schema, CollationRegistry collations, UserFunctionSet functions, ForeignKeyLink link, ForeignKeyAction action, bool onDelete)
    {
        TableSchema child = link.Child;
        int count = link.ChildColumns.Length;
        var where = new StringBuilder();
        var set = new StringBuilder();
        for (int i = 0; i < count; i++)
        {
            string column = Quote(child.Columns[link.ChildColumns[i]].Name);
            where.Append(i == 0 ? string.Empty : " AND ").Append(column).Append(" = ?").Append((i + 1).ToString(CultureInfo.InvariantCulture));
            if (link.ParentCollations[i] is { } collation)
            {
                // SQLite's action compares `old.key = child.column`: the parent key's collation wins over the child's.
                where.Append(" COLLATE ").Append(Quote(collation.Name));
            }

            set.Append(i == 0 ? string.Empty : ", ").Append(column).Append(" = ")
                .Append(action == ForeignKeyAction.Cascade ? "?" + (count + i + 1).ToString(CultureInfo.InvariantCulture) : "NULL");
        }

        string sql = action == ForeignKeyAction.Cascade && onDelete
            ? $"DELETE FROM {Quote(child.Name)} WHERE {where}"
            : $"UPDATE {Quote(child.Name)} SET {set} WHERE {where}";
        Statement statement = SqlParser.ParseStatement(sql);
        if (action == ForeignKeyAction.SetDefault)
        {
            // The column's DEFAULT expression as declared (NULL without one), put in place of the NULL.
            var update = (UpdateStatement)statement;
            var assignments = update.Assignments.ToBuilder();
            for (int i = 0; i < count; i++)
            {
                Expression? value = child.Columns[link.ChildColumns[i]].Default;
                if (value is not null)
                {
                    assignments[i] = assignments[i] with { Value = value };
                }
            }

            statement = update with { Assignments = assignments.MoveToImmutable() };
        }

        int parameters = action == ForeignKeyAction.Cascade && !onDelete ? 2 * count : count;
        return new Binder(schema, ActionParameters(parameters), collations, functions).BindStatement(statement);
    }

    // ?1…?n by the names the binder looks numbered parameters up by ("?1", "?2", …).
    private static IReadOnlyDictionary<string, int> ActionParameters(int count)
    {
        lock (s_actionParameters)
        {
            if (!s_actionParameters.TryGetValue(count, out IReadOnlyDictionary<string, int>? names))
            {
                var map = new Dictionary<string, int>(count, StringComparer.Ordinal);
                for (int i = 0; i < count; i++)
                {
                    map.Add("?" + (i + 1).ToString(CultureInfo.InvariantCulture), i);
                }

                names = map;
                s_actionParameters.Add(count, names);
            }

            return names;
        }
    }

    // PRAGMA foreign_key_list(t): one row per column of each constraint, numbered as SQLite numbers them.
    private List<Expr[]> ForeignKeyList(string? tableName)
    {
        var rows = new List<Expr[]>();
        if (tableName is null || _schema.FindTable(tableName) is not { } table)
        {
            return rows;
        }

        foreach (ForeignKeySchema foreignKey in table.ForeignKeys)
        {
            for (int i = 0; i < foreignKey.ChildColumns.Length; i++)
            {
                rows.Add(
                [
                    Literal(SqlValue.FromInt64(foreignKey.Id)),
                    Literal(SqlValue.FromInt64(i)),
                    Literal(SqlValue.FromText(foreignKey.ParentTable)),
                    Literal(SqlValue.FromText(table.Columns[foreignKey.ChildColumns[i]].Name)),
                    Literal(foreignKey.ParentColumns.IsDefaultOrEmpty ? SqlValue.Null : SqlValue.FromText(foreignKey.ParentColumns[i])),
                    Literal(SqlValue.FromText(ActionText(foreignKey.OnUpdate))),
                    Literal(SqlValue.FromText(ActionText(foreignKey.OnDelete))),
                    // SQLite parses MATCH and ignores it: the column always says NONE.
                    Literal(SqlValue.FromText("NONE")),
                ]);
            }
        }

        return rows;
    }

    private static string ActionText(ForeignKeyAction action) => action switch
    {
        ForeignKeyAction.Restrict => "RESTRICT",
        ForeignKeyAction.SetNull => "SET NULL",
        ForeignKeyAction.SetDefault => "SET DEFAULT",
        ForeignKeyAction.Cascade => "CASCADE",
        _ => "NO ACTION",
    };

    // PRAGMA foreign_key_check[(t)]: the rows whose parent is missing, found when the statement runs.
    private BoundStatement ForeignKeyCheck(string? tableName, SourcePosition position)
    {
        var tables = new List<TableSchema>();
        if (tableName is not null)
        {
            tables.Add(_schema.FindTable(tableName) ?? throw SqlErrors.At(SharpCoreDBErrorCode.UnknownTable, $"no such table: {tableName}", position));
        }
        else
        {
            tables.AddRange(_schema.Tables.Values.OrderBy(t => t.Name, StringComparer.OrdinalIgnoreCase));
        }

        string[] names = ["table", "rowid", "parent", "fkid"];
        int slot = NewSlot(names.Length);
        var columns = new ResultColumnInfo[names.Length];
        for (int i = 0; i < names.Length; i++)
        {
            columns[i] = new ResultColumnInfo(names[i], string.Empty, SqlDeclaredType.None, Affinity.None);
        }

        return PragmaRows(new BoundForeignKeyCheck(_schema, tables, slot), slot, columns);
    }
}
