using System.Data.Common;
using System.Reflection;
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.SqlLogicTest;

/// <summary>
/// Finds the ADO.NET provider of an engine. SharpCoreDB's factory is looked up by name, through reflection, so the
/// runner builds before the provider exists and reports plainly when it does not.
/// </summary>
internal static class EngineProvider
{
    /// <summary>The engine name of SharpCoreDB on the command line.</summary>
    public const string SharpCoreDB = "sharpcoredb";

    /// <summary>The engine name of the SQLite reference on the command line.</summary>
    public const string Reference = "reference";

    /// <summary>The assembly that holds SharpCoreDB's provider.</summary>
    public const string SharpCoreDBAssembly = "SharpCoreDB";

    /// <summary>The provider factory type looked up in <see cref="SharpCoreDBAssembly"/>.</summary>
    public const string SharpCoreDBFactoryType = "SharpCoreDB.SharpCoreDBFactory";

    /// <summary>The connection string for a fresh in-memory database, used by both engines.</summary>
    public const string InMemoryConnectionString = "Data Source=:memory:";

    /// <summary>Resolves an engine's provider factory.</summary>
    /// <param name="engine"><see cref="SharpCoreDB"/> or <see cref="Reference"/>.</param>
    /// <param name="factory">The factory, when found.</param>
    /// <param name="problem">Why it could not be had, otherwise.</param>
    /// <returns>The outcome.</returns>
    public static EngineLookup TryGetFactory(string engine, out DbProviderFactory? factory, out string problem)
    {
        factory = null;
        problem = string.Empty;
        switch (engine)
        {
            case Reference:
                factory = SqliteFactory.Instance;
                return EngineLookup.Found;
            case SharpCoreDB:
                return FindSharpCoreDB(out factory, out problem);
            default:
                problem = $"Unknown engine '{engine}'; use '{SharpCoreDB}' or '{Reference}'.";
                return EngineLookup.Invalid;
        }
    }

    private static EngineLookup FindSharpCoreDB(out DbProviderFactory? factory, out string problem)
    {
        factory = null;
        Assembly assembly;
        try
        {
            assembly = Assembly.Load(new AssemblyName(SharpCoreDBAssembly));
        }
        catch (FileNotFoundException e)
        {
            problem = $"The assembly '{SharpCoreDBAssembly}' could not be loaded: {e.Message}";
            return EngineLookup.Missing;
        }

        Type? type = assembly.GetType(SharpCoreDBFactoryType, throwOnError: false);
        if (type is null)
        {
            problem = $"The type {SharpCoreDBFactoryType} does not exist in assembly '{SharpCoreDBAssembly}' yet.";
            return EngineLookup.Missing;
        }

        const BindingFlags Flags = BindingFlags.Public | BindingFlags.Static;
        object? instance = type.GetField("Instance", Flags)?.GetValue(null) ?? type.GetProperty("Instance", Flags)?.GetValue(null);
        if (instance is DbProviderFactory found)
        {
            factory = found;
            problem = string.Empty;
            return EngineLookup.Found;
        }

        problem = $"{SharpCoreDBFactoryType} has no public static field or property 'Instance' holding a DbProviderFactory.";
        return EngineLookup.Invalid;
    }
}
