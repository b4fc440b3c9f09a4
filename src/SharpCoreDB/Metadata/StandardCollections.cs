using System.Data;
using System.Data.Common;
using SharpCoreDB.Sql.Lexing;

namespace SharpCoreDB.Metadata;

/// <summary>The provider-wide collections: DataSourceInformation, DataTypes and ReservedWords.</summary>
internal static class StandardCollections
{
    // The declared types the engine gives a CLR type of its own (see SharpCoreDBDataReader), with the DbType a
    // parameter of that type has; any other declared type gets its affinity's type.
    private static readonly (string Name, DbType DbType, Type Type, string CreateFormat, string? CreateParameters, bool BestMatch)[] s_types =
    [
        ("INTEGER", DbType.Int64, typeof(long), "INTEGER", null, true),
        ("REAL", DbType.Double, typeof(double), "REAL", null, true),
        ("TEXT", DbType.String, typeof(string), "TEXT", null, true),
        ("BLOB", DbType.Binary, typeof(byte[]), "BLOB", null, true),
        ("BOOLEAN", DbType.Boolean, typeof(bool), "BOOLEAN", null, true),
        ("DATETIME", DbType.DateTime, typeof(DateTime), "DATETIME", null, true),
        ("GUID", DbType.Guid, typeof(Guid), "GUID", null, true),
        ("DECIMAL", DbType.Decimal, typeof(decimal), "DECIMAL({0}, {1})", "precision,scale", true),
        ("VARCHAR", DbType.String, typeof(string), "VARCHAR({0})", "max length", false),
    ];

    /// <summary>What the provider's SQL looks like to a generic tool: identifiers, parameters, literals, joins.</summary>
    /// <param name="serverVersion">The library version.</param>
    /// <returns>One row.</returns>
    public static DataTable DataSourceInformation(string serverVersion)
    {
        DataTable table = MetadataCollections.NewTable(
            (DbMetaDataColumnNames.CompositeIdentifierSeparatorPattern, typeof(string)),
            (DbMetaDataColumnNames.DataSourceProductName, typeof(string)),
            (DbMetaDataColumnNames.DataSourceProductVersion, typeof(string)),
            (DbMetaDataColumnNames.DataSourceProductVersionNormalized, typeof(string)),
            (DbMetaDataColumnNames.GroupByBehavior, typeof(GroupByBehavior)),
            (DbMetaDataColumnNames.IdentifierPattern, typeof(string)),
            (DbMetaDataColumnNames.IdentifierCase, typeof(IdentifierCase)),
            (DbMetaDataColumnNames.OrderByColumnsInSelect, typeof(bool)),
            (DbMetaDataColumnNames.ParameterMarkerFormat, typeof(string)),
            (DbMetaDataColumnNames.ParameterMarkerPattern, typeof(string)),
            (DbMetaDataColumnNames.ParameterNameMaxLength, typeof(int)),
            (DbMetaDataColumnNames.ParameterNamePattern, typeof(string)),
            (DbMetaDataColumnNames.QuotedIdentifierPattern, typeof(string)),
            (DbMetaDataColumnNames.QuotedIdentifierCase, typeof(IdentifierCase)),
            (DbMetaDataColumnNames.StatementSeparatorPattern, typeof(string)),
            (DbMetaDataColumnNames.StringLiteralPattern, typeof(string)),
            (DbMetaDataColumnNames.SupportedJoinOperators, typeof(SupportedJoinOperators)));
        string normalized = Version.TryParse(serverVersion.Split('+', '-')[0], out Version? version)
            ? $"{version.Major:00}.{Math.Max(version.Minor, 0):00}.{Math.Max(version.Build, 0):0000}"
            : serverVersion;
        table.Rows.Add(
            @"\.",
            "SharpCoreDB",
            serverVersion,
            normalized,
            GroupByBehavior.Unrelated,
            @"(^\[\p{Lo}\p{Lu}\p{Ll}_@#][\p{Lo}\p{Lu}\p{Ll}\p{Nd}@$#_]*$)|(^\[[^\]\0]|\]\]+\]$)|(^\""[^\""\0]|\""\""+\""$)",
            IdentifierCase.Insensitive,
            false,
            "{0}",
            @"[@:$][\p{Lo}\p{Lu}\p{Ll}\p{Lm}_][\p{Lo}\p{Lu}\p{Ll}\p{Lm}\p{Nd}_]*",
            int.MaxValue,
            @"^[\p{Lo}\p{Lu}\p{Ll}\p{Lm}_][\p{Lo}\p{Lu}\p{Ll}\p{Lm}\p{Nd}_]*",
            @"""(([^""]|"""")*)""",
            IdentifierCase.Insensitive,
            ";",
            "'(([^']|'')*)'",
            SupportedJoinOperators.Inner | SupportedJoinOperators.LeftOuter | SupportedJoinOperators.RightOuter | SupportedJoinOperators.FullOuter);
        return table;
    }

    /// <summary>The declared types with a CLR type of their own.</summary>
    /// <returns>One row per type.</returns>
    public static DataTable DataTypes()
    {
        DataTable table = MetadataCollections.NewTable(
            (DbMetaDataColumnNames.TypeName, typeof(string)),
            (DbMetaDataColumnNames.ProviderDbType, typeof(int)),
            (DbMetaDataColumnNames.ColumnSize, typeof(long)),
            (DbMetaDataColumnNames.CreateFormat, typeof(string)),
            (DbMetaDataColumnNames.CreateParameters, typeof(string)),
            (DbMetaDataColumnNames.DataType, typeof(string)),
            (DbMetaDataColumnNames.IsAutoIncrementable, typeof(bool)),
            (DbMetaDataColumnNames.IsBestMatch, typeof(bool)),
            (DbMetaDataColumnNames.IsCaseSensitive, typeof(bool)),
            (DbMetaDataColumnNames.IsFixedLength, typeof(bool)),
            (DbMetaDataColumnNames.IsFixedPrecisionScale, typeof(bool)),
            (DbMetaDataColumnNames.IsLong, typeof(bool)),
            (DbMetaDataColumnNames.IsNullable, typeof(bool)),
            (DbMetaDataColumnNames.IsSearchable, typeof(bool)),
            (DbMetaDataColumnNames.IsSearchableWithLike, typeof(bool)),
            (DbMetaDataColumnNames.IsUnsigned, typeof(bool)),
            (DbMetaDataColumnNames.IsConcurrencyType, typeof(bool)),
            (DbMetaDataColumnNames.IsLiteralSupported, typeof(bool)),
            (DbMetaDataColumnNames.LiteralPrefix, typeof(string)),
            (DbMetaDataColumnNames.LiteralSuffix, typeof(string)));
        foreach ((string name, DbType dbType, Type type, string format, string? parameters, bool best) in s_types)
        {
            bool text = type == typeof(string);
            table.Rows.Add(
                name,
                (int)dbType,
                type == typeof(long) || type == typeof(double) ? 8L : type == typeof(Guid) ? 16L : -1L,
                format,
                MetadataCollections.OrNull(parameters),
                type.FullName,
                type == typeof(long),
                best,
                text,
                type == typeof(long) || type == typeof(double) || type == typeof(Guid) || type == typeof(bool),
                false,
                text || type == typeof(byte[]),
                true,
                true,
                text,
                false,
                false,
                true,
                text ? "'" : type == typeof(byte[]) ? "X'" : DBNull.Value,
                text || type == typeof(byte[]) ? "'" : DBNull.Value);
        }

        return table;
    }

    /// <summary>Every SQL keyword, as SQLite lists them (sqlite3_keyword_name): each needs quoting as an identifier somewhere.</summary>
    /// <returns>One row per keyword.</returns>
    public static DataTable ReservedWords()
    {
        DataTable table = MetadataCollections.NewTable((DbMetaDataColumnNames.ReservedWord, typeof(string)));
        foreach (Keyword keyword in Enum.GetValues<Keyword>())
        {
            if (keyword != Keyword.None)
            {
                table.Rows.Add(Keywords.GetText(keyword));
            }
        }

        return table;
    }
}
