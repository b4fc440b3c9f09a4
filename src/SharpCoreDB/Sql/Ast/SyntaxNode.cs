namespace SharpCoreDB.Sql.Ast;

/// <summary>
/// Base of every AST node. Nodes are immutable records that describe syntax only: nothing here knows
/// whether a table or column exists.
/// </summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
internal abstract record SyntaxNode(SourcePosition Position)
{
    /// <summary>The node printed back as canonical SQL (see <see cref="SqlFormatter"/>).</summary>
    /// <returns>SQL text that parses to an equivalent node.</returns>
    public sealed override string ToString() => SqlFormatter.Format(this);
}
