using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Execution.Expressions;

/// <summary>The SQL spelling of operators, for EXPLAIN.</summary>
internal static class Symbols
{
    /// <summary>The symbol of a binary operator.</summary>
    /// <param name="op">The operator.</param>
    /// <returns>Its SQL text.</returns>
    public static string Of(BinaryOperator op) => op switch
    {
        BinaryOperator.Or => "OR",
        BinaryOperator.And => "AND",
        BinaryOperator.Equal => "=",
        BinaryOperator.NotEqual => "<>",
        BinaryOperator.Is => "IS",
        BinaryOperator.IsNot => "IS NOT",
        BinaryOperator.Less => "<",
        BinaryOperator.LessOrEqual => "<=",
        BinaryOperator.Greater => ">",
        BinaryOperator.GreaterOrEqual => ">=",
        BinaryOperator.BitwiseAnd => "&",
        BinaryOperator.BitwiseOr => "|",
        BinaryOperator.ShiftLeft => "<<",
        BinaryOperator.ShiftRight => ">>",
        BinaryOperator.Add => "+",
        BinaryOperator.Subtract => "-",
        BinaryOperator.Multiply => "*",
        BinaryOperator.Divide => "/",
        BinaryOperator.Modulo => "%",
        _ => "||",
    };
}
