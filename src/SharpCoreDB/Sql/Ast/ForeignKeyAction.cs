namespace SharpCoreDB.Sql.Ast;

/// <summary>A foreign key's <c>ON DELETE</c> or <c>ON UPDATE</c> action.</summary>
internal enum ForeignKeyAction
{
    /// <summary>Not written (NO ACTION).</summary>
    Unspecified,

    /// <summary><c>NO ACTION</c></summary>
    NoAction,

    /// <summary><c>RESTRICT</c></summary>
    Restrict,

    /// <summary><c>SET NULL</c></summary>
    SetNull,

    /// <summary><c>SET DEFAULT</c></summary>
    SetDefault,

    /// <summary><c>CASCADE</c></summary>
    Cascade,
}
