namespace SharpCoreDB.Transactions;

/// <summary>What an <see cref="UndoLog"/> entry reverses.</summary>
internal enum UndoKind : byte
{
    /// <summary>A key was inserted: undo deletes it.</summary>
    Inserted,

    /// <summary>A key's value was replaced: undo puts the old value back.</summary>
    Replaced,

    /// <summary>A key was deleted: undo inserts it again with its old value.</summary>
    Deleted,

    /// <summary>A tree was created: undo drops it.</summary>
    CreatedTree,

    /// <summary>A tree was dropped (its pages freed): nothing can bring it back, so a savepoint before it cannot be rolled back to.</summary>
    DroppedTree,
}
