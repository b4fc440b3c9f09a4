namespace SharpCoreDB.Execution.Scalar;

/// <summary>A comparison operator of SQL.</summary>
internal enum ComparisonOperator : byte
{
    /// <summary><c>=</c> or <c>==</c>.</summary>
    Equal,

    /// <summary><c>!=</c> or <c>&lt;&gt;</c>.</summary>
    NotEqual,

    /// <summary><c>&lt;</c>.</summary>
    Less,

    /// <summary><c>&lt;=</c>.</summary>
    LessOrEqual,

    /// <summary><c>&gt;</c>.</summary>
    Greater,

    /// <summary><c>&gt;=</c>.</summary>
    GreaterOrEqual,

    /// <summary><c>IS</c>: equality where NULL equals NULL (never NULL itself).</summary>
    Is,

    /// <summary><c>IS NOT</c>: the negation of <see cref="Is"/>.</summary>
    IsNot,
}
