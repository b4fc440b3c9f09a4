namespace SharpCoreDB.Sql.Ast;

/// <summary>The pattern-matching operator of a <see cref="LikeExpression"/>.</summary>
internal enum LikeOperator
{
    /// <summary><c>LIKE</c></summary>
    Like,

    /// <summary><c>GLOB</c></summary>
    Glob,

    /// <summary><c>REGEXP</c></summary>
    Regexp,

    /// <summary><c>MATCH</c></summary>
    Match,
}
