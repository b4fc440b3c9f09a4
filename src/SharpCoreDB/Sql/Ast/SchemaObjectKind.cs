namespace SharpCoreDB.Sql.Ast;

/// <summary>The kind of schema object a DROP statement names.</summary>
internal enum SchemaObjectKind
{
    /// <summary><c>TABLE</c></summary>
    Table,

    /// <summary><c>INDEX</c></summary>
    Index,

    /// <summary><c>VIEW</c></summary>
    View,

    /// <summary><c>TRIGGER</c></summary>
    Trigger,
}
