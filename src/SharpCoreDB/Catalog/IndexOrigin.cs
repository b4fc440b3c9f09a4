namespace SharpCoreDB.Catalog;

/// <summary>Why an index exists: CREATE INDEX, or a PRIMARY KEY / UNIQUE constraint of its table.</summary>
internal enum IndexOrigin : byte
{
    /// <summary>Created by CREATE INDEX.</summary>
    CreateIndex = 0,

    /// <summary>Enforces a PRIMARY KEY that is not the row id.</summary>
    PrimaryKey = 1,

    /// <summary>Enforces a UNIQUE constraint.</summary>
    UniqueConstraint = 2,
}
