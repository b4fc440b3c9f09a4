using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary>Base of all statements.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
internal abstract record Statement(SourcePosition Position) : SyntaxNode(Position)
{
    /// <summary>
    /// The common table expressions of a leading WITH clause, in order; empty when there is none (only queries and
    /// INSERT, UPDATE and DELETE have one).
    /// </summary>
    public ImmutableArray<CommonTableExpression> With { get; init; } = [];

    /// <summary>Whether the WITH clause said RECURSIVE.</summary>
    public bool WithRecursive { get; init; }

    /// <summary>The result columns of a RETURNING clause; empty when there is none (only INSERT, UPDATE and DELETE have one).</summary>
    public ImmutableArray<ResultColumn> Returning { get; init; } = [];
}
