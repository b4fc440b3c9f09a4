namespace SharpCoreDB.Sql.Ast;

/// <summary>How a parameter was written.</summary>
internal enum ParameterKind
{
    /// <summary><c>?</c>: takes the next ordinal.</summary>
    Anonymous,

    /// <summary><c>?NNN</c>: the ordinal is written.</summary>
    Numbered,

    /// <summary><c>:name</c>, <c>@name</c> or <c>$name</c>: the same name always gets the same ordinal.</summary>
    Named,
}
