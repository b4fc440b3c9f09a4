using SharpCoreDB.Catalog;
using SharpCoreDB.Storage.Paging;
using SharpCoreDB.Transactions;

namespace SharpCoreDB.Execution;

/// <summary>
/// A storage transaction as the SQL layer sees it: an <see cref="UndoableTransaction"/> plus the schema it runs
/// against and the state of the connection running in it.
/// </summary>
internal sealed class TransactionContext : UndoableTransaction
{
    /// <summary>Wraps a read snapshot.</summary>
    /// <param name="read">The snapshot.</param>
    /// <param name="schema">The schema it sees.</param>
    public TransactionContext(IReadTransaction read, Schema schema)
        : base(read)
    {
        Schema = schema;
        CommittedSchema = schema;
    }

    /// <summary>Wraps the write transaction.</summary>
    /// <param name="write">The transaction.</param>
    /// <param name="schema">The schema it starts from.</param>
    public TransactionContext(IWriteTransaction write, Schema schema)
        : base(write)
    {
        Schema = schema;
        CommittedSchema = schema;
    }

    /// <summary>The counters of the connection running in this transaction (none for internal work such as loading the schema).</summary>
    public ConnectionCounters? Counters { get; set; }

    /// <summary>The settings of the connection running in this transaction (none for internal work: foreign keys are then off).</summary>
    public ConnectionSettings? Settings { get; set; }

    /// <summary>The foreign-key violation counters of this transaction.</summary>
    public ForeignKeys.ForeignKeyCounters ForeignKeys { get; } = new();

    /// <summary>The largest TEXT or BLOB, in bytes, statements in this transaction may build or bind (the database's setting).</summary>
    public long MaxLength { get; set; } = Scalar.ValueLimits.DefaultMaxLength;

    /// <summary>The schema statements in this transaction bind against; DDL replaces it.</summary>
    public Schema Schema { get; set; }

    /// <summary>The schema the transaction started from.</summary>
    public Schema CommittedSchema { get; private set; }

    /// <summary>Sets the schema the transaction sees, once the catalog version has been read in it.</summary>
    /// <param name="schema">The schema.</param>
    public void StartWith(Schema schema)
    {
        Schema = schema;
        CommittedSchema = schema;
    }
}
