using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Binding;

/// <summary>
/// DROP TABLE of a table in a foreign key: its rows are first deleted through a writer whose foreign-key enforcer runs
/// the actions, when foreign keys are on (SQLite's sqlite3FkDropTable).
/// </summary>
/// <param name="Statement">The DROP TABLE.</param>
/// <param name="Rows">The writer the implicit DELETE goes through.</param>
internal sealed record BoundDropTable(DropStatement Statement, BoundTableWriter Rows) : BoundSchemaChange;
