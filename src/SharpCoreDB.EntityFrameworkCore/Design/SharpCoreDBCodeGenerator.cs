using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Design;
using Microsoft.EntityFrameworkCore.Scaffolding;
using SharpCoreDB.EntityFrameworkCore.Infrastructure;

namespace SharpCoreDB.EntityFrameworkCore.Design;

/// <summary>
/// Writes <c>optionsBuilder.UseSharpCoreDB("…")</c> into the <c>OnConfiguring</c> of a scaffolded context
/// (<c>dotnet ef dbcontext scaffold</c>).
/// </summary>
internal sealed class SharpCoreDBCodeGenerator : ProviderCodeGenerator
{
    private static readonly MethodInfo s_useSharpCoreDB = typeof(SharpCoreDBDbContextOptionsBuilderExtensions).GetRuntimeMethod(
        nameof(SharpCoreDBDbContextOptionsBuilderExtensions.UseSharpCoreDB),
        [typeof(DbContextOptionsBuilder), typeof(string), typeof(Action<SharpCoreDBDbContextOptionsBuilder>)])!;

    public SharpCoreDBCodeGenerator(ProviderCodeGeneratorDependencies dependencies)
        : base(dependencies)
    {
    }

    public override MethodCallCodeFragment GenerateUseProvider(string connectionString, MethodCallCodeFragment? providerOptions) =>
        providerOptions is null
            ? new MethodCallCodeFragment(s_useSharpCoreDB, connectionString)
            : new MethodCallCodeFragment(s_useSharpCoreDB, connectionString, new NestedClosureCodeFragment("x", providerOptions));
}
