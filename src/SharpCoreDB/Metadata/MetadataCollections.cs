using System.Data;
using System.Data.Common;
using System.Globalization;
using SharpCoreDB.Catalog;

namespace SharpCoreDB.Metadata;

/// <summary>
/// The collections of <see cref="DbConnection.GetSchema(string, string[])"/>: the five standard ones
/// (<see cref="DbMetaDataCollectionNames"/>) and the database's own objects, named and restricted as in
/// System.Data.SQLite (Tables, Columns, Indexes, IndexColumns, Views, ForeignKeys, Triggers). Built from one schema
/// picture, so a collection never mixes two schema versions.
/// </summary>
internal static partial class MetadataCollections
{
    /// <summary>The database name every object of the stored schema belongs to.</summary>
    internal const string MainCatalog = "main";

    /// <summary>The catalog of the session's TEMPORARY views.</summary>
    internal const string TempCatalog = "temp";

    // Each collection with the names of its restrictions, in order; the standard ones take none. The identifier
    // parts count how many restrictions name the object (catalog, schema, table, …).
    private static readonly (string Name, string[] Restrictions, int IdentifierParts)[] s_collections =
    [
        (DbMetaDataCollectionNames.MetaDataCollections, [], 0),
        (DbMetaDataCollectionNames.DataSourceInformation, [], 0),
        (DbMetaDataCollectionNames.DataTypes, [], 0),
        (DbMetaDataCollectionNames.Restrictions, [], 0),
        (DbMetaDataCollectionNames.ReservedWords, [], 0),
        ("Tables", ["Catalog", "Schema", "Table", "TableType"], 3),
        ("Columns", ["Catalog", "Schema", "Table", "Column"], 4),
        ("Indexes", ["Catalog", "Schema", "Table", "Index"], 4),
        ("IndexColumns", ["Catalog", "Schema", "Table", "Index", "Column"], 5),
        ("Views", ["Catalog", "Schema", "Table"], 3),
        ("ForeignKeys", ["Catalog", "Schema", "Table", "Name"], 4),
        ("Triggers", ["Catalog", "Schema", "Table", "Trigger"], 4),
    ];

    /// <summary>Builds one collection.</summary>
    /// <param name="collectionName">The collection, compared case-insensitively.</param>
    /// <param name="restrictions">Values the rows must have, in the collection's restriction order; null ones match anything.</param>
    /// <param name="schema">The schema the connection sees now.</param>
    /// <param name="serverVersion">The library version, for DataSourceInformation.</param>
    /// <returns>The collection as a table named after it.</returns>
    /// <exception cref="ArgumentException">Unknown collection, or more restrictions than it has.</exception>
    public static DataTable Get(string collectionName, string?[]? restrictions, Schema schema, string serverVersion)
    {
        ArgumentNullException.ThrowIfNull(collectionName);
        restrictions ??= [];
        foreach ((string name, string[] names, _) in s_collections)
        {
            if (!name.Equals(collectionName, StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            if (restrictions.Length > names.Length)
            {
                throw new ArgumentException(
                    $"The collection '{name}' takes at most {names.Length} restrictions ({string.Join(", ", names)}); {restrictions.Length} were given.",
                    nameof(restrictions));
            }

            var filter = new Restrictions(restrictions);
            DataTable table = name switch
            {
                "MetaDataCollections" => MetaDataCollections(),
                "DataSourceInformation" => StandardCollections.DataSourceInformation(serverVersion),
                "DataTypes" => StandardCollections.DataTypes(),
                "Restrictions" => RestrictionsCollection(),
                "ReservedWords" => StandardCollections.ReservedWords(),
                "Tables" => Tables(schema, filter),
                "Columns" => Columns(schema, filter),
                "Indexes" => Indexes(schema, filter),
                "IndexColumns" => IndexColumns(schema, filter),
                "Views" => Views(schema, filter),
                "ForeignKeys" => ForeignKeys(schema, filter),
                _ => Triggers(schema, filter),
            };
            table.TableName = name;
            return table;
        }

        throw new ArgumentException($"The metadata collection '{collectionName}' does not exist; GetSchema() lists the collections.", nameof(collectionName));
    }

    private static DataTable MetaDataCollections()
    {
        DataTable table = NewTable(
            (DbMetaDataColumnNames.CollectionName, typeof(string)),
            (DbMetaDataColumnNames.NumberOfRestrictions, typeof(int)),
            (DbMetaDataColumnNames.NumberOfIdentifierParts, typeof(int)));
        foreach ((string name, string[] restrictions, int parts) in s_collections)
        {
            table.Rows.Add(name, restrictions.Length, parts);
        }

        return table;
    }

    private static DataTable RestrictionsCollection()
    {
        DataTable table = NewTable(
            ("CollectionName", typeof(string)),
            ("RestrictionName", typeof(string)),
            ("RestrictionDefault", typeof(string)),
            ("RestrictionNumber", typeof(int)));
        foreach ((string name, string[] restrictions, _) in s_collections)
        {
            for (int i = 0; i < restrictions.Length; i++)
            {
                table.Rows.Add(name, restrictions[i], DBNull.Value, i + 1);
            }
        }

        return table;
    }

    /// <summary>A table with the given columns and the invariant culture.</summary>
    /// <param name="columns">The column names and types.</param>
    /// <returns>The empty table.</returns>
    internal static DataTable NewTable(params (string Name, Type Type)[] columns)
    {
        var table = new DataTable { Locale = CultureInfo.InvariantCulture };
        foreach ((string name, Type type) in columns)
        {
            table.Columns.Add(name, type);
        }

        return table;
    }

    /// <summary>A value for a table cell: the text, or DBNull for null.</summary>
    /// <param name="value">The text.</param>
    /// <returns>The cell value.</returns>
    internal static object OrNull(string? value) => value is null ? DBNull.Value : value;
}
