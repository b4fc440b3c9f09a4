using System.Text;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Storage;
using Microsoft.EntityFrameworkCore.Update;

namespace SharpCoreDB.EntityFrameworkCore.Update;

/// <summary>
/// INSERT/UPDATE/DELETE for SaveChanges. Our engine has SQLite's <c>RETURNING</c>, so generated keys, computed
/// columns and concurrency checks come back in the same statement; a table configured with
/// <c>UseSqlReturningClause(false)</c> (e.g. one with triggers) gets the statement followed by a SELECT on
/// <c>last_insert_rowid()</c>/<c>changes()</c>, as with the SQLite provider. Ours rather than the SQLite provider's
/// because that one asks native SQLite for its version to decide whether RETURNING exists.
/// </summary>
internal sealed class SharpCoreDBUpdateSqlGenerator : UpdateAndSelectSqlGenerator
{
    public SharpCoreDBUpdateSqlGenerator(UpdateSqlGeneratorDependencies dependencies)
        : base(dependencies)
    {
    }

    public override ResultSetMapping AppendInsertOperation(
        StringBuilder commandStringBuilder, IReadOnlyModificationCommand command, int commandPosition, out bool requiresTransaction) =>
        UsesReturning(command)
            ? AppendInsertReturningOperation(commandStringBuilder, command, commandPosition, out requiresTransaction)
            : AppendInsertAndSelectOperation(commandStringBuilder, command, commandPosition, out requiresTransaction);

    public override ResultSetMapping AppendUpdateOperation(
        StringBuilder commandStringBuilder, IReadOnlyModificationCommand command, int commandPosition, out bool requiresTransaction) =>
        UsesReturning(command)
            ? AppendUpdateReturningOperation(commandStringBuilder, command, commandPosition, out requiresTransaction)
            : AppendUpdateAndSelectOperation(commandStringBuilder, command, commandPosition, out requiresTransaction);

    public override ResultSetMapping AppendDeleteOperation(
        StringBuilder commandStringBuilder, IReadOnlyModificationCommand command, int commandPosition, out bool requiresTransaction) =>
        UsesReturning(command)
            ? AppendDeleteReturningOperation(commandStringBuilder, command, commandPosition, out requiresTransaction)
            : AppendDeleteAndSelectOperation(commandStringBuilder, command, commandPosition, out requiresTransaction);

    public override string GenerateNextSequenceValueOperation(string name, string? schema) =>
        throw new NotSupportedException("SharpCoreDB has no sequences (as SQLite); use an INTEGER PRIMARY KEY or AUTOINCREMENT.");

    protected override void AppendIdentityWhereCondition(StringBuilder commandStringBuilder, IColumnModification columnModification)
    {
        ArgumentNullException.ThrowIfNull(commandStringBuilder);
        SqlGenerationHelper.DelimitIdentifier(commandStringBuilder, "rowid");
        commandStringBuilder.Append(" = last_insert_rowid()");
    }

    protected override ResultSetMapping AppendSelectAffectedCountCommand(
        StringBuilder commandStringBuilder, string name, string? schema, int commandPosition)
    {
        ArgumentNullException.ThrowIfNull(commandStringBuilder);
        commandStringBuilder.Append("SELECT changes()").AppendLine(SqlGenerationHelper.StatementTerminator).AppendLine();
        return ResultSetMapping.LastInResultSet | ResultSetMapping.ResultSetWithRowsAffectedOnly;
    }

    protected override void AppendRowsAffectedWhereCondition(StringBuilder commandStringBuilder, int expectedRowsAffected)
    {
        ArgumentNullException.ThrowIfNull(commandStringBuilder);
        commandStringBuilder.Append("changes() = ").Append(expectedRowsAffected);
    }

    /// <summary>A property inside a JSON column (<c>ToJson()</c>) is updated in place with json_set.</summary>
    protected override void AppendUpdateColumnValue(
        ISqlGenerationHelper updateSqlGeneratorHelper, IColumnModification columnModification, StringBuilder stringBuilder, string name, string? schema)
    {
        ArgumentNullException.ThrowIfNull(updateSqlGeneratorHelper);
        ArgumentNullException.ThrowIfNull(columnModification);
        ArgumentNullException.ThrowIfNull(stringBuilder);
        if (columnModification.JsonPath is null or "$")
        {
            base.AppendUpdateColumnValue(updateSqlGeneratorHelper, columnModification, stringBuilder, name, schema);
            return;
        }

        stringBuilder.Append("json_set(");
        updateSqlGeneratorHelper.DelimitIdentifier(stringBuilder, columnModification.ColumnName);
        stringBuilder.Append(", '").Append(columnModification.JsonPath).Append("', ");
        // A whole JSON fragment, or a bool (JSON true/false rather than 1/0), must be parsed as JSON, not stored as text.
        var property = columnModification.Property;
        var asJson = property is null || property.IsPrimitiveCollection
            || (property.GetTypeMapping().Converter?.ProviderClrType ?? property.ClrType).UnwrapNullable() == typeof(bool);
        if (asJson)
        {
            stringBuilder.Append("json(");
        }

        base.AppendUpdateColumnValue(updateSqlGeneratorHelper, columnModification, stringBuilder, name, schema);
        if (asJson)
        {
            stringBuilder.Append(')');
        }

        stringBuilder.Append(')');
    }

    private static bool UsesReturning(IReadOnlyModificationCommand command) =>
        command.Table?.IsSqlReturningClauseUsed() ?? false;
}
