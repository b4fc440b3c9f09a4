using SharpCoreDB.Catalog;

namespace SharpCoreDB.Execution.Ddl;

/// <summary>Publishes a schema change inside the write transaction: a new version, stored in the catalog.</summary>
internal static class SchemaChange
{
    /// <summary>Makes <paramref name="schema"/> the transaction's schema at the next version.</summary>
    /// <param name="transaction">The write transaction.</param>
    /// <param name="schema">The changed schema.</param>
    public static void Apply(TransactionContext transaction, Schema schema)
    {
        long version = transaction.Schema.Version + 1;
        CatalogStore.WriteVersion(transaction, version);
        transaction.Schema = schema.WithVersion(version);
    }

    /// <summary>The error for a name that is taken.</summary>
    /// <param name="schema">The schema.</param>
    /// <param name="name">The name.</param>
    /// <returns>The exception, or null when the name is free.</returns>
    public static SharpCoreDBException? NameTaken(Schema schema, string name) =>
        schema.KindOf(name) is { } kind ? ExecutionErrors.AlreadyExists(kind, name) : null;
}
