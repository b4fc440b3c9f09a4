using System.Globalization;
using System.Reflection;
using BenchmarkDotNet.Attributes;

namespace SharpCoreDB.Benchmarks.Tests;

/// <summary>
/// Runs a benchmark class the way BenchmarkDotNet runs one case, once, without BenchmarkDotNet: a new instance, its
/// parameters set, the global setups that apply to the method, the iteration setup, the method, the iteration
/// cleanup, the global cleanup. Parameters take their smallest value, except enums and strings, which take every
/// listed value (each contender, workload or variant is its own code path).
/// </summary>
internal static class BenchmarkCaseRunner
{
    /// <summary>Every public class of the benchmarks assembly with a [Benchmark] method.</summary>
    /// <returns>The classes.</returns>
    public static IEnumerable<Type> BenchmarkClasses() =>
        typeof(Program).Assembly.GetTypes()
            .Where(t => t.IsClass && !t.IsAbstract && t.IsPublic && BenchmarkMethods(t).Any())
            .OrderBy(t => t.FullName, StringComparer.Ordinal);

    /// <summary>The [Benchmark] methods of a class.</summary>
    /// <param name="type">The class.</param>
    /// <returns>The methods.</returns>
    public static IEnumerable<MethodInfo> BenchmarkMethods(Type type) =>
        type.GetMethods(BindingFlags.Public | BindingFlags.Instance).Where(m => m.GetCustomAttribute<BenchmarkAttribute>() is not null);

    /// <summary>Runs every benchmark method of <paramref name="type"/> once for every parameter combination chosen as described on the type.</summary>
    /// <param name="type">The class.</param>
    /// <returns>The cases run, as "method(parameters)".</returns>
    public static List<string> RunAll(Type type)
    {
        var ran = new List<string>();
        foreach (Dictionary<PropertyInfo, object?> parameters in Combinations(type))
        {
            foreach (MethodInfo method in BenchmarkMethods(type))
            {
                string name = $"{method.Name}({string.Join(", ", parameters.Select(p => $"{p.Key.Name}={Convert.ToString(p.Value, CultureInfo.InvariantCulture)}"))})";
                try
                {
                    RunOnce(type, method, parameters);
                }
                catch (TargetInvocationException e) when (e.InnerException is not null)
                {
                    throw new InvalidOperationException($"{type.Name}.{name} failed: {e.InnerException.Message}", e.InnerException);
                }

                ran.Add(name);
            }
        }

        return ran;
    }

    private static void RunOnce(Type type, MethodInfo method, Dictionary<PropertyInfo, object?> parameters)
    {
        object instance = Activator.CreateInstance(type)!;
        foreach ((PropertyInfo property, object? value) in parameters)
        {
            property.SetValue(instance, value);
        }

        Invoke<GlobalSetupAttribute>(instance, method.Name);
        try
        {
            Invoke<IterationSetupAttribute>(instance, method.Name);
            method.Invoke(instance, null);
            Invoke<IterationCleanupAttribute>(instance, method.Name);
        }
        finally
        {
            Invoke<GlobalCleanupAttribute>(instance, method.Name);
        }
    }

    private static void Invoke<TAttribute>(object instance, string benchmark)
        where TAttribute : TargetedAttribute
    {
        foreach (MethodInfo method in instance.GetType().GetMethods(BindingFlags.Public | BindingFlags.Instance))
        {
            TAttribute? attribute = method.GetCustomAttribute<TAttribute>();
            if (attribute is not null && (attribute.Targets.Length == 0 || attribute.Targets.Contains(benchmark)))
            {
                method.Invoke(instance, null);
            }
        }
    }

    private static List<Dictionary<PropertyInfo, object?>> Combinations(Type type)
    {
        var combinations = new List<Dictionary<PropertyInfo, object?>> { new() };
        foreach (PropertyInfo property in type.GetProperties(BindingFlags.Public | BindingFlags.Instance))
        {
            object?[]? values = ChosenValues(property);
            if (values is null)
            {
                continue;
            }

            var next = new List<Dictionary<PropertyInfo, object?>>();
            foreach (Dictionary<PropertyInfo, object?> combination in combinations)
            {
                foreach (object? value in values)
                {
                    next.Add(new Dictionary<PropertyInfo, object?>(combination) { [property] = value });
                }
            }

            combinations = next;
        }

        return combinations;
    }

    private static object?[]? ChosenValues(PropertyInfo property)
    {
        object?[] listed;
        if (property.GetCustomAttribute<ParamsAttribute>() is { } parameters)
        {
            listed = parameters.Values;
        }
        else if (property.GetCustomAttribute<ParamsAllValuesAttribute>() is not null)
        {
            Type type = Nullable.GetUnderlyingType(property.PropertyType) ?? property.PropertyType;
            listed = type == typeof(bool) ? [false, true] : [.. Enum.GetValues(type).Cast<object>()];
        }
        else
        {
            return null;
        }

        if (listed.Length == 0 || listed[0] is Enum or string or bool)
        {
            return listed;
        }

        // Numbers: the smallest, which is the cheapest case.
        return [listed.OrderBy(v => Convert.ToDouble(v, CultureInfo.InvariantCulture)).First()];
    }
}
