namespace SharpCoreDB.Sql.Ast;

/// <summary>An infix operator with two operands.</summary>
internal enum BinaryOperator
{
    /// <summary><c>OR</c></summary>
    Or,

    /// <summary><c>AND</c></summary>
    And,

    /// <summary><c>=</c> or <c>==</c></summary>
    Equal,

    /// <summary><c>!=</c> or <c>&lt;&gt;</c></summary>
    NotEqual,

    /// <summary><c>IS</c> and <c>IS NOT DISTINCT FROM</c></summary>
    Is,

    /// <summary><c>IS NOT</c> and <c>IS DISTINCT FROM</c></summary>
    IsNot,

    /// <summary><c>&lt;</c></summary>
    Less,

    /// <summary><c>&lt;=</c></summary>
    LessOrEqual,

    /// <summary><c>&gt;</c></summary>
    Greater,

    /// <summary><c>&gt;=</c></summary>
    GreaterOrEqual,

    /// <summary><c>&amp;</c></summary>
    BitwiseAnd,

    /// <summary><c>|</c></summary>
    BitwiseOr,

    /// <summary><c>&lt;&lt;</c></summary>
    ShiftLeft,

    /// <summary><c>&gt;&gt;</c></summary>
    ShiftRight,

    /// <summary><c>+</c></summary>
    Add,

    /// <summary><c>-</c></summary>
    Subtract,

    /// <summary><c>*</c></summary>
    Multiply,

    /// <summary><c>/</c></summary>
    Divide,

    /// <summary><c>%</c></summary>
    Modulo,

    /// <summary><c>||</c></summary>
    Concat,
}
