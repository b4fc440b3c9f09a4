namespace SharpCoreDB.SqlLogicTest;

/// <summary>The outcome of <see cref="EngineProvider.TryGetFactory"/>.</summary>
internal enum EngineLookup
{
    /// <summary>The factory was found.</summary>
    Found,

    /// <summary>The engine does not exist (yet): the SharpCoreDB provider type is not there.</summary>
    Missing,

    /// <summary>The engine name is unknown or its factory is malformed.</summary>
    Invalid,
}
