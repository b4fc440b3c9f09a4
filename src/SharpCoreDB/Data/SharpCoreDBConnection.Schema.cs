using System.Data;
using System.Data.Common;
using SharpCoreDB.Engine;
using SharpCoreDB.Metadata;

namespace SharpCoreDB;

/// <content>GetSchema: the metadata collections.</content>
public sealed partial class SharpCoreDBConnection
{
    /// <summary>Lists the metadata collections (the <c>MetaDataCollections</c> collection).</summary>
    /// <returns>One row per collection, with its number of restrictions.</returns>
    /// <exception cref="InvalidOperationException">The connection is not open.</exception>
    public override DataTable GetSchema() => GetSchema(DbMetaDataCollectionNames.MetaDataCollections, null);

    /// <summary>Returns one metadata collection without restrictions.</summary>
    /// <param name="collectionName">A collection named by <c>MetaDataCollections</c>, case-insensitive.</param>
    /// <returns>The collection.</returns>
    /// <exception cref="ArgumentException">The collection does not exist.</exception>
    /// <exception cref="InvalidOperationException">The connection is not open.</exception>
    public override DataTable GetSchema(string collectionName) => GetSchema(collectionName, null);

    /// <summary>
    /// Returns one metadata collection: the standard ones (MetaDataCollections, DataSourceInformation, DataTypes,
    /// Restrictions, ReservedWords) and the database's objects (Tables, Columns, Indexes, IndexColumns, Views,
    /// ForeignKeys, Triggers) as System.Data.SQLite names them. Restrictions go in the order the
    /// <c>Restrictions</c> collection lists (Catalog, Schema, Table, …); a null one matches anything, names compare
    /// case-insensitively. The catalog is <c>main</c> (<c>temp</c> for the connection's temporary views) and the
    /// schema is always null. The objects are those this connection sees now, inside its transaction if one is open.
    /// </summary>
    /// <param name="collectionName">The collection, case-insensitive.</param>
    /// <param name="restrictionValues">The restrictions, or null.</param>
    /// <returns>The collection.</returns>
    /// <exception cref="ArgumentException">The collection does not exist or takes fewer restrictions.</exception>
    /// <exception cref="InvalidOperationException">The connection is not open.</exception>
    public override DataTable GetSchema(string collectionName, string?[]? restrictionValues)
    {
        ArgumentNullException.ThrowIfNull(collectionName);
        Session session = Session;
        using var use = session.Enter();
        Catalog.Schema schema = session.BindingSchema(session.Transaction?.Schema ?? session.Database.Schema);
        return MetadataCollections.Get(collectionName, restrictionValues, schema, ServerVersion);
    }
}
