using System.Collections.Immutable;

namespace SharpCoreDB.Sql.Ast;

/// <summary>
/// <c>CREATE [TEMP] TRIGGER [IF NOT EXISTS] name [BEFORE|AFTER|INSTEAD OF] event ON t [FOR EACH ROW] [WHEN ..]
/// BEGIN stmt; .. END</c>.
/// </summary>
/// <param name="Position">Where the node starts in the SQL text.</param>
/// <param name="Temporary">True for TEMP or TEMPORARY.</param>
/// <param name="IfNotExists">True for IF NOT EXISTS.</param>
/// <param name="Name">The trigger name.</param>
/// <param name="Timing">BEFORE, AFTER, INSTEAD OF or not written.</param>
/// <param name="Event">DELETE, INSERT or UPDATE.</param>
/// <param name="UpdateColumns">The columns of UPDATE OF; empty otherwise.</param>
/// <param name="Table">The table (or view) the trigger is on.</param>
/// <param name="ForEachRow">True when FOR EACH ROW was written (SQLite triggers are always row triggers).</param>
/// <param name="When">The WHEN condition, or null.</param>
/// <param name="Body">The INSERT, UPDATE, DELETE and SELECT statements between BEGIN and END.</param>
/// <param name="SourceText">The statement exactly as written, for the catalog.</param>
internal sealed record CreateTriggerStatement(
    SourcePosition Position,
    bool Temporary,
    bool IfNotExists,
    QualifiedName Name,
    TriggerTiming Timing,
    TriggerEvent Event,
    ImmutableArray<Identifier> UpdateColumns,
    QualifiedName Table,
    bool ForEachRow,
    Expression? When,
    ImmutableArray<Statement> Body,
    string SourceText)
    : Statement(Position);
