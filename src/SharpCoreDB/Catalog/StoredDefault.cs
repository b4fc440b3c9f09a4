using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Catalog;

/// <summary>
/// The value a column has in rows stored before it existed: a record written before <c>ALTER TABLE … ADD COLUMN</c>
/// holds fewer columns, and each missing one reads as its column's DEFAULT, as in SQLite. Only a constant default
/// (a literal, optionally signed) can stand for rows that were never rewritten; ADD COLUMN accepts no other.
/// </summary>
internal static class StoredDefault
{
    /// <summary>Evaluates a constant DEFAULT with the column's affinity applied.</summary>
    /// <param name="expression">The DEFAULT expression, or null.</param>
    /// <param name="affinity">The column's affinity.</param>
    /// <param name="value">The value; NULL for no default.</param>
    /// <returns>False when the default is not a constant (an expression, CURRENT_TIME and the like).</returns>
    public static bool TryEvaluate(Expression? expression, Affinity affinity, out SqlValue value)
    {
        value = SqlValue.Null;
        if (expression is null)
        {
            return true;
        }

        if (!TryLiteral(expression, out SqlValue literal))
        {
            return false;
        }

        value = AffinityRules.ApplyAffinity(literal, affinity);
        return true;
    }

    private static bool TryLiteral(Expression expression, out SqlValue value)
    {
        switch (expression)
        {
            case NullLiteral:
                value = SqlValue.Null;
                return true;
            case IntegerLiteral integer:
                value = SqlValue.FromInt64(integer.Value);
                return true;
            case RealLiteral real:
                value = SqlValue.FromDouble(real.Value);
                return true;
            case StringLiteral text:
                value = SqlValue.FromText(text.Value);
                return true;
            case BlobLiteral blob:
                value = SqlValue.FromBlob([.. blob.Value]);
                return true;
            case BooleanLiteral boolean:
                value = SqlValue.FromInt64(boolean.Value ? 1 : 0);
                return true;
            case UnaryExpression { Operator: UnaryOperator.Plus or UnaryOperator.Negate } unary
                when unary.Operand is IntegerLiteral or RealLiteral:
                TryLiteral(unary.Operand, out SqlValue operand);
                value = unary.Operator == UnaryOperator.Plus ? operand : Negate(operand);
                return true;
            default:
                value = SqlValue.Null;
                return false;
        }
    }

    // A negated numeric literal, as the expression 0 - x evaluates it: an integer that does not fit negated
    // (-9223372036854775808) becomes REAL. Only integer and real literals reach here (see the caller).
    private static SqlValue Negate(in SqlValue operand) => operand.StorageClass switch
    {
        SqlStorageClass.Integer when operand.AsInt64() != long.MinValue => SqlValue.FromInt64(-operand.AsInt64()),
        SqlStorageClass.Integer => SqlValue.FromDouble(0.0 - operand.AsInt64()),
        _ => SqlValue.FromDouble(0.0 - operand.AsDouble()),
    };
}
