namespace SharpCoreDB.Execution.Scalar;

/// <summary>The arithmetic operators <see cref="Arithmetic"/> evaluates exactly on DECIMAL operands.</summary>
internal enum DecimalOperator : byte
{
    /// <summary><c>+</c>.</summary>
    Add,

    /// <summary><c>-</c>.</summary>
    Subtract,

    /// <summary><c>*</c>.</summary>
    Multiply,

    /// <summary><c>/</c>.</summary>
    Divide,

    /// <summary><c>%</c>.</summary>
    Remainder,
}
