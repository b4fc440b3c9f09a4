namespace SharpCoreDB.Sql.Ast;

/// <summary>A prefix operator.</summary>
internal enum UnaryOperator
{
    /// <summary><c>-x</c></summary>
    Negate,

    /// <summary><c>+x</c> (no effect on the value; kept because it changes affinity in SQLite).</summary>
    Plus,

    /// <summary><c>~x</c></summary>
    BitwiseNot,

    /// <summary><c>NOT x</c></summary>
    Not,
}
