using System.Data;
using System.Data.Common;
using System.Globalization;

namespace SharpCoreDB;

/// <summary>
/// Generates the INSERT, UPDATE and DELETE statements of a <see cref="SharpCoreDBDataAdapter"/> from its
/// single-table SELECT, using the result's schema (<see cref="SharpCoreDBDataReader.GetSchemaTable"/>): the key
/// columns identify a row, and by default (<see cref="ConflictOption.CompareAllSearchableValues"/>) every original
/// value must still match, so a row changed by someone else since the fill fails with
/// <see cref="DBConcurrencyException"/> instead of being overwritten.
/// </summary>
[System.ComponentModel.DesignerCategory("Code")]
public sealed class SharpCoreDBCommandBuilder : DbCommandBuilder
{
    /// <summary>Creates a builder not yet attached to an adapter.</summary>
    public SharpCoreDBCommandBuilder()
    {
        QuotePrefix = "\"";
        QuoteSuffix = "\"";
    }

    /// <summary>Creates a builder that generates the commands of <paramref name="adapter"/>.</summary>
    /// <param name="adapter">The adapter.</param>
    public SharpCoreDBCommandBuilder(SharpCoreDBDataAdapter adapter)
        : this()
    {
        DataAdapter = adapter;
    }

    /// <summary>The adapter whose commands this builder generates.</summary>
    public new SharpCoreDBDataAdapter? DataAdapter
    {
        get => (SharpCoreDBDataAdapter?)base.DataAdapter;
        set => base.DataAdapter = value;
    }

    /// <summary>The generated INSERT command.</summary>
    /// <returns>The command.</returns>
    public new SharpCoreDBCommand GetInsertCommand() => (SharpCoreDBCommand)base.GetInsertCommand();

    /// <summary>The generated INSERT command.</summary>
    /// <param name="useColumnsForParameterNames">True to name parameters after columns.</param>
    /// <returns>The command.</returns>
    public new SharpCoreDBCommand GetInsertCommand(bool useColumnsForParameterNames) => (SharpCoreDBCommand)base.GetInsertCommand(useColumnsForParameterNames);

    /// <summary>The generated UPDATE command.</summary>
    /// <returns>The command.</returns>
    public new SharpCoreDBCommand GetUpdateCommand() => (SharpCoreDBCommand)base.GetUpdateCommand();

    /// <summary>The generated UPDATE command.</summary>
    /// <param name="useColumnsForParameterNames">True to name parameters after columns.</param>
    /// <returns>The command.</returns>
    public new SharpCoreDBCommand GetUpdateCommand(bool useColumnsForParameterNames) => (SharpCoreDBCommand)base.GetUpdateCommand(useColumnsForParameterNames);

    /// <summary>The generated DELETE command.</summary>
    /// <returns>The command.</returns>
    public new SharpCoreDBCommand GetDeleteCommand() => (SharpCoreDBCommand)base.GetDeleteCommand();

    /// <summary>The generated DELETE command.</summary>
    /// <param name="useColumnsForParameterNames">True to name parameters after columns.</param>
    /// <returns>The command.</returns>
    public new SharpCoreDBCommand GetDeleteCommand(bool useColumnsForParameterNames) => (SharpCoreDBCommand)base.GetDeleteCommand(useColumnsForParameterNames);

    /// <summary>Quotes an identifier as SQL does: in double quotes, inner quotes doubled.</summary>
    /// <param name="unquotedIdentifier">The identifier.</param>
    /// <returns>The quoted identifier.</returns>
    public override string QuoteIdentifier(string unquotedIdentifier)
    {
        ArgumentNullException.ThrowIfNull(unquotedIdentifier);
        return "\"" + unquotedIdentifier.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
    }

    /// <summary>Removes the double quotes <see cref="QuoteIdentifier"/> adds.</summary>
    /// <param name="quotedIdentifier">The identifier, quoted or not.</param>
    /// <returns>The identifier without quotes.</returns>
    public override string UnquoteIdentifier(string quotedIdentifier)
    {
        ArgumentNullException.ThrowIfNull(quotedIdentifier);
        return quotedIdentifier.Length >= 2 && quotedIdentifier[0] == '"' && quotedIdentifier[^1] == '"'
            ? quotedIdentifier[1..^1].Replace("\"\"", "\"", StringComparison.Ordinal)
            : quotedIdentifier;
    }

    /// <inheritdoc />
    protected override void ApplyParameterInfo(DbParameter parameter, DataRow row, StatementType statementType, bool whereClause)
    {
        // The schema table's ProviderType is the DbType of the column's CLR type; Object leaves it inferred from the value.
        if (row[SchemaTableColumn.ProviderType] is int type && (DbType)type != DbType.Object)
        {
            parameter.DbType = (DbType)type;
        }
    }

    /// <inheritdoc />
    protected override string GetParameterName(int parameterOrdinal) => "@p" + parameterOrdinal.ToString(CultureInfo.InvariantCulture);

    /// <inheritdoc />
    protected override string GetParameterName(string parameterName) => "@" + parameterName;

    /// <inheritdoc />
    protected override string GetParameterPlaceholder(int parameterOrdinal) => GetParameterName(parameterOrdinal);

    /// <inheritdoc />
    protected override void SetRowUpdatingHandler(DbDataAdapter adapter)
    {
        ArgumentNullException.ThrowIfNull(adapter);
        var ours = (SharpCoreDBDataAdapter)adapter;

        // The base class calls this when attaching to an adapter (before it becomes DataAdapter) and when detaching
        // from it (while it still is).
        if (ReferenceEquals(adapter, base.DataAdapter))
        {
            ours.RowUpdating -= OnRowUpdating;
        }
        else
        {
            ours.RowUpdating += OnRowUpdating;
        }
    }

    private void OnRowUpdating(object? sender, RowUpdatingEventArgs e) => RowUpdatingHandler(e);
}
