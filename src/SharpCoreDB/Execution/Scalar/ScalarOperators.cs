using SharpCoreDB.Records;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Scalar;

/// <summary>
/// One entry point per AST operator, for an executor that evaluates <see cref="BinaryOperator"/> and
/// <see cref="UnaryOperator"/> nodes directly. AND and OR are evaluated eagerly here; an executor that wants
/// SQLite's short-circuit evaluation should test the left operand with <see cref="Logic.Truth"/> first.
/// </summary>
internal static class ScalarOperators
{
    /// <summary>Evaluates a binary operator on evaluated operands.</summary>
    /// <param name="op">The operator.</param>
    /// <param name="left">The left operand.</param>
    /// <param name="right">The right operand.</param>
    /// <param name="comparisonAffinity">For comparison operators, <see cref="AffinityRules.ForComparison"/> of the
    /// operands' affinities; ignored by the others.</param>
    /// <returns>The result.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="op"/> is not a defined operator.</exception>
    public static SqlValue Binary(BinaryOperator op, in SqlValue left, in SqlValue right, Affinity comparisonAffinity = Affinity.None) => op switch
    {
        BinaryOperator.Add => Arithmetic.Add(left, right),
        BinaryOperator.Subtract => Arithmetic.Subtract(left, right),
        BinaryOperator.Multiply => Arithmetic.Multiply(left, right),
        BinaryOperator.Divide => Arithmetic.Divide(left, right),
        BinaryOperator.Modulo => Arithmetic.Remainder(left, right),
        BinaryOperator.Concat => Arithmetic.Concat(left, right),
        BinaryOperator.BitwiseAnd => Arithmetic.BitAnd(left, right),
        BinaryOperator.BitwiseOr => Arithmetic.BitOr(left, right),
        BinaryOperator.ShiftLeft => Arithmetic.ShiftLeft(left, right),
        BinaryOperator.ShiftRight => Arithmetic.ShiftRight(left, right),
        BinaryOperator.And => Logic.ToValue(Logic.And(Logic.Truth(left), Logic.Truth(right))),
        BinaryOperator.Or => Logic.ToValue(Logic.Or(Logic.Truth(left), Logic.Truth(right))),
        BinaryOperator.Equal => Comparison.EvaluateToValue(ComparisonOperator.Equal, left, right, comparisonAffinity),
        BinaryOperator.NotEqual => Comparison.EvaluateToValue(ComparisonOperator.NotEqual, left, right, comparisonAffinity),
        BinaryOperator.Less => Comparison.EvaluateToValue(ComparisonOperator.Less, left, right, comparisonAffinity),
        BinaryOperator.LessOrEqual => Comparison.EvaluateToValue(ComparisonOperator.LessOrEqual, left, right, comparisonAffinity),
        BinaryOperator.Greater => Comparison.EvaluateToValue(ComparisonOperator.Greater, left, right, comparisonAffinity),
        BinaryOperator.GreaterOrEqual => Comparison.EvaluateToValue(ComparisonOperator.GreaterOrEqual, left, right, comparisonAffinity),
        BinaryOperator.Is => Comparison.EvaluateToValue(ComparisonOperator.Is, left, right, comparisonAffinity),
        BinaryOperator.IsNot => Comparison.EvaluateToValue(ComparisonOperator.IsNot, left, right, comparisonAffinity),
        _ => throw new ArgumentOutOfRangeException(nameof(op), op, "Unknown binary operator."),
    };

    /// <summary>Evaluates a unary operator on an evaluated operand.</summary>
    /// <param name="op">The operator.</param>
    /// <param name="operand">The operand.</param>
    /// <returns>The result.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="op"/> is not a defined operator.</exception>
    public static SqlValue Unary(UnaryOperator op, in SqlValue operand) => op switch
    {
        UnaryOperator.Negate => Arithmetic.Negate(operand),
        UnaryOperator.Plus => Arithmetic.Plus(operand),
        UnaryOperator.BitwiseNot => Arithmetic.BitNot(operand),
        UnaryOperator.Not => Logic.Not(operand),
        _ => throw new ArgumentOutOfRangeException(nameof(op), op, "Unknown unary operator."),
    };

    /// <summary>Whether a binary operator is a comparison (and so needs a comparison affinity).</summary>
    /// <param name="op">The operator.</param>
    /// <returns>Whether it compares.</returns>
    public static bool IsComparison(BinaryOperator op) =>
        op is BinaryOperator.Equal or BinaryOperator.NotEqual or BinaryOperator.Less or BinaryOperator.LessOrEqual
            or BinaryOperator.Greater or BinaryOperator.GreaterOrEqual or BinaryOperator.Is or BinaryOperator.IsNot;
}
