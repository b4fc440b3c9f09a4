using System.Reflection;
using SharpCoreDB.Engine;
using Xunit;

namespace SharpCoreDB.Tests.Architecture;

/// <summary>
/// Pins the SQL assembly's layering (<see cref="LayerMap"/>): a type that uses a type of a layer above or beside its
/// own fails this test, so a new dependency cycle fails the build instead of creeping in.
/// </summary>
public sealed class LayerDependencyTests
{
    private const string OperatorsNamespace = "SharpCoreDB.Execution.Operators";

    [Fact]
    public void Every_type_uses_only_its_own_layer_Sql_and_the_layers_below()
    {
        var assembly = typeof(Database).Assembly;
        var crossings = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var type in assembly.GetTypes())
        {
            if (IsCompilerGlobal(type))
            {
                continue;
            }

            var from = LayerMap.LayerOf(Outermost(type).Namespace!);
            Assert.True(LayerMap.IsKnown(from), $"{type.FullName}: layer '{from}' is not in LayerMap's stack");
            foreach (var used in TypeReferences.Of(type))
            {
                if (used.Assembly != assembly || IsCompilerGlobal(used))
                {
                    continue;
                }

                var to = LayerMap.LayerOf(Outermost(used).Namespace!);
                if (!LayerMap.MayUse(from, to))
                {
                    crossings.Add($"{Outermost(type).FullName} -> {Outermost(used).FullName}");
                }
            }
        }

        Assert.True(
            crossings.Count == 0,
            $"Layer crossings not allowed ({crossings.Count}):\n  {string.Join("\n  ", crossings)}");
    }

    [Fact]
    public void The_binder_creates_no_execution_operator_the_planner_builds_them_from_bound_data()
    {
        var assembly = typeof(Database).Assembly;
        var creations = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var type in assembly.GetTypes())
        {
            if (IsCompilerGlobal(type) || LayerMap.LayerOf(Outermost(type).Namespace!) != "Binding")
            {
                continue;
            }

            foreach (var made in TypeReferences.CreatedBy(type))
            {
                // Operators and the runtime state they share are objects; a value type of the namespace (SortKey) is
                // plain data the binder decides, such as an ORDER BY key, and may be bound.
                if (made.Namespace == OperatorsNamespace && !made.IsValueType)
                {
                    creations.Add($"{Outermost(type).FullName} creates {made.FullName}");
                }
            }
        }

        Assert.True(
            creations.Count == 0,
            $"The binder creates execution operators ({creations.Count}); return bound records for the planner instead:\n  {string.Join("\n  ", creations)}");
    }

    [Fact]
    public void No_bound_record_holds_an_operator_the_planner_plans_the_bound_tree_after_binding()
    {
        // The binder's output is a bound tree: a record of Binding that held an operator would mean something was
        // planned while binding. Compiler-made types (lambda closures) hold the binder's locals, not its output.
        var assembly = typeof(Database).Assembly;
        var held = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var type in assembly.GetTypes())
        {
            if (IsCompilerGlobal(type) || LayerMap.LayerOf(Outermost(type).Namespace!) != "Binding"
                || type.IsDefined(typeof(System.Runtime.CompilerServices.CompilerGeneratedAttribute), false))
            {
                continue;
            }

            foreach (var field in type.GetFields(BindingFlags.Instance | BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
            {
                var fieldType = field.FieldType.IsArray ? field.FieldType.GetElementType()! : field.FieldType;
                if (fieldType.Namespace == OperatorsNamespace && !fieldType.IsValueType && fieldType.Name.EndsWith("Operator", StringComparison.Ordinal))
                {
                    held.Add($"{type.FullName}.{field.Name}: {field.FieldType.Name}");
                }
            }
        }

        Assert.True(held.Count == 0, $"Bound records hold operators ({held.Count}); hold the bound relation (IBoundRelation) instead:\n  {string.Join("\n  ", held)}");
    }

    [Fact]
    public void The_binder_knows_no_planner_every_statement_is_bound_then_planned()
    {
        // Binding sits below Planning, so the layer map already refuses Planning's types; this also refuses a planner
        // the binder would reach through a seam of its own (an interface in Binding, a field or parameter of one):
        // the planner's only input is the bound statement the binder returns.
        var assembly = typeof(Database).Assembly;
        var found = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var type in assembly.GetTypes())
        {
            if (IsCompilerGlobal(type) || LayerMap.LayerOf(Outermost(type).Namespace!) != "Binding")
            {
                continue;
            }

            if (IsPlanner(type))
            {
                found.Add($"{type.FullName} is a planner in Binding");
            }

            foreach (var used in TypeReferences.Of(type))
            {
                if (IsPlanner(used))
                {
                    found.Add($"{type.FullName} uses {used.FullName}");
                }
            }

            foreach (var field in type.GetFields(BindingFlags.Instance | BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
            {
                if (IsPlanner(field.FieldType))
                {
                    found.Add($"{type.FullName}.{field.Name} holds a {field.FieldType.Name}");
                }
            }

            const BindingFlags Members = BindingFlags.Instance | BindingFlags.Static | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;
            foreach (var method in type.GetMethods(Members).Cast<MethodBase>().Concat(type.GetConstructors(Members)))
            {
                foreach (var parameter in method.GetParameters())
                {
                    if (IsPlanner(parameter.ParameterType))
                    {
                        found.Add($"{type.FullName}.{method.Name}({parameter.Name}) takes a {parameter.ParameterType.Name}");
                    }
                }
            }
        }

        Assert.True(found.Count == 0, $"The binder can reach a planner ({found.Count}); return a bound record for the plan pass instead:\n  {string.Join("\n  ", found)}");
    }

    [Fact]
    public void The_map_rejects_upward_and_sideways_uses_and_Sql_using_anything()
    {
        Assert.True(LayerMap.MayUse("Binding", "Execution"));
        Assert.False(LayerMap.MayUse("Binding", "Planning"));
        Assert.False(LayerMap.MayUse("Metadata", "Data"));
        Assert.False(LayerMap.MayUse("Sql", "Records"));
        Assert.True(LayerMap.MayUse("Records", "Sql"));
        Assert.Equal("Data", LayerMap.LayerOf("SharpCoreDB"));
        Assert.Equal("Execution", LayerMap.LayerOf("SharpCoreDB.Execution.Scalar"));
    }

    // A type of Planning, or one named as a planner (such as an interface of Binding through which it would call one).
    private static bool IsPlanner(Type type) =>
        type.Namespace is { } ns && (ns == "SharpCoreDB.Planning" || ns.StartsWith("SharpCoreDB.Planning.", StringComparison.Ordinal))
        || type.Name.Contains("Planner", StringComparison.Ordinal);

    /// <summary>Types the compiler emits into the global namespace (collection-expression wrappers, static data).</summary>
    private static bool IsCompilerGlobal(Type type) => Outermost(type).Namespace is null && Outermost(type).Name.StartsWith('<');

    private static Type Outermost(Type type)
    {
        while (type.DeclaringType is not null)
        {
            type = type.DeclaringType;
        }

        return type;
    }
}
