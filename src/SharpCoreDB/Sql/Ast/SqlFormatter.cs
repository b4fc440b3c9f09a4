using System.Globalization;
using System.Text;
using SharpCoreDB.Sql.Lexing;

namespace SharpCoreDB.Sql.Ast;

/// <summary>
/// Prints AST nodes back as canonical SQL: keywords upper-case, every operator expression in parentheses
/// (so the tree's grouping is visible), names quoted only when they must be. Parsing the output gives an
/// equivalent tree, which the round-trip tests rely on; EXPLAIN and error messages can use it too.
/// </summary>
internal static partial class SqlFormatter
{
    /// <summary>Prints a node as SQL.</summary>
    /// <param name="node">The node.</param>
    /// <returns>The SQL text.</returns>
    public static string Format(SyntaxNode node)
    {
        ArgumentNullException.ThrowIfNull(node);
        var builder = new StringBuilder();
        AppendNode(builder, node);
        return builder.ToString();
    }

    private static void AppendNode(StringBuilder sb, SyntaxNode node)
    {
        switch (node)
        {
            case Expression expression:
                AppendExpression(sb, expression);
                break;
            case Statement statement:
                AppendStatement(sb, statement);
                break;
            case SelectBody body:
                AppendSelectBody(sb, body);
                break;
            case ResultColumn column:
                AppendResultColumn(sb, column);
                break;
            case FromClause from:
                AppendFrom(sb, from);
                break;
            case JoinClause join:
                AppendJoin(sb, join);
                break;
            case TableSource source:
                AppendTableSource(sb, source);
                break;
            case OrderingTerm term:
                AppendOrderingTerm(sb, term);
                break;
            case WindowDefinition window:
                AppendWindowDefinition(sb, window);
                break;
            case CompoundTerm term:
                AppendCompoundTerm(sb, term);
                break;
            case WhenClause clause:
                AppendWhen(sb, clause);
                break;
            case UpdateAssignment assignment:
                AppendAssignment(sb, assignment);
                break;
            case ColumnDefinition column:
                AppendColumnDefinition(sb, column);
                break;
            case ColumnConstraint constraint:
                AppendColumnConstraint(sb, constraint);
                break;
            case TableConstraint constraint:
                AppendTableConstraint(sb, constraint);
                break;
            case ForeignKeyClause foreignKey:
                AppendForeignKey(sb, foreignKey);
                break;
            case IndexedColumn column:
                AppendIndexedColumn(sb, column);
                break;
            case TypeName type:
                AppendTypeName(sb, type);
                break;
            case QualifiedName name:
                AppendQualifiedName(sb, name);
                break;
            case Identifier identifier:
                AppendIdentifier(sb, identifier.Name);
                break;
            default:
                throw new ArgumentException("Unknown syntax node type " + node.GetType().Name + ".", nameof(node));
        }
    }

    /// <summary>Appends a name, in double quotes when it is not a plain ASCII word or when it spells a keyword.</summary>
    private static void AppendIdentifier(StringBuilder sb, string name)
    {
        if (IsPlainIdentifier(name))
        {
            sb.Append(name);
            return;
        }

        sb.Append('"').Append(name.Replace("\"", "\"\"", StringComparison.Ordinal)).Append('"');
    }

    private static bool IsPlainIdentifier(string name)
    {
        if (name.Length == 0 || !(char.IsAsciiLetter(name[0]) || name[0] == '_'))
        {
            return false;
        }

        foreach (char c in name)
        {
            if (!(char.IsAsciiLetterOrDigit(c) || c == '_'))
            {
                return false;
            }
        }

        return Keywords.Lookup(name) == Keyword.None;
    }

    private static void AppendQualifiedName(StringBuilder sb, QualifiedName name)
    {
        if (name.Schema is not null)
        {
            AppendIdentifier(sb, name.Schema);
            sb.Append('.');
        }

        AppendIdentifier(sb, name.Name);
    }

    private static void AppendStringLiteral(StringBuilder sb, string value) =>
        sb.Append('\'').Append(value.Replace("'", "''", StringComparison.Ordinal)).Append('\'');

    private static void AppendReal(StringBuilder sb, double value)
    {
        if (double.IsInfinity(value))
        {
            // There is no infinity literal; SQLite also reads an overflowing literal as infinity.
            sb.Append(value > 0 ? "1e999" : "-1e999");
            return;
        }

        string text = value.ToString("R", CultureInfo.InvariantCulture);
        sb.Append(text);
        if (text.AsSpan().IndexOfAny('.', 'E') < 0)
        {
            // Keep it a REAL when read back: "5" would be an INTEGER.
            sb.Append(".0");
        }
    }

    /// <summary>
    /// Appends a DEFAULT or PRAGMA value, where a signed number is one literal, so negative numbers are
    /// written as signed decimals.
    /// </summary>
    private static void AppendSignedValue(StringBuilder sb, Expression value)
    {
        if (value is IntegerLiteral integer)
        {
            sb.Append(integer.Value.ToString(CultureInfo.InvariantCulture));
        }
        else
        {
            AppendExpression(sb, value);
        }
    }

    private static void AppendConflict(StringBuilder sb, string prefix, ConflictResolution resolution)
    {
        if (resolution == ConflictResolution.Unspecified)
        {
            return;
        }

        sb.Append(prefix).Append(resolution switch
        {
            ConflictResolution.Rollback => "ROLLBACK",
            ConflictResolution.Abort => "ABORT",
            ConflictResolution.Fail => "FAIL",
            ConflictResolution.Ignore => "IGNORE",
            _ => "REPLACE",
        });
    }

    private static void AppendSortOrder(StringBuilder sb, SortOrder order)
    {
        if (order == SortOrder.Ascending)
        {
            sb.Append(" ASC");
        }
        else if (order == SortOrder.Descending)
        {
            sb.Append(" DESC");
        }
    }

    private static void AppendIdentifierList(StringBuilder sb, System.Collections.Immutable.ImmutableArray<Identifier> names)
    {
        sb.Append('(');
        for (int i = 0; i < names.Length; i++)
        {
            if (i > 0)
            {
                sb.Append(", ");
            }

            AppendIdentifier(sb, names[i].Name);
        }

        sb.Append(')');
    }
}
