namespace SharpCoreDB.Sql.Ast;

/// <summary>The statement kind that fires a trigger.</summary>
internal enum TriggerEvent
{
    /// <summary><c>DELETE</c></summary>
    Delete,

    /// <summary><c>INSERT</c></summary>
    Insert,

    /// <summary><c>UPDATE [OF columns]</c></summary>
    Update,
}
