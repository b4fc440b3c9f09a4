namespace SharpCoreDB.Sql.Ast;

/// <summary><c>ALTER TABLE t RENAME [COLUMN] old TO new</c>.</summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Table">The table.</param>
/// <param name="Column">The column to rename.</param>
/// <param name="NewName">The name it gets.</param>
/// <param name="NewNameQuoted">True when the new name was written quoted (SQLite then writes it quoted everywhere).</param>
internal sealed record RenameColumnStatement(SourcePosition Position, QualifiedName Table, Identifier Column, Identifier NewName, bool NewNameQuoted)
    : Statement(Position);
