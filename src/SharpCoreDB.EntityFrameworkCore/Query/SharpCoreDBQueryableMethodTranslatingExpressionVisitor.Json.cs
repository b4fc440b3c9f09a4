using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;
using Microsoft.EntityFrameworkCore.Sqlite.Query.Internal;
using Microsoft.EntityFrameworkCore.Storage;

#pragma warning disable EF1001 // JsonEachExpression is the SQLite provider's json_each table, which its SQL generator,
// nullability processor and type-mapping postprocessor (all of which we reuse) know how to handle.
#pragma warning disable EF9002 // JSON partial updates in ExecuteUpdate are EF 10's evaluation API; the SQLite provider uses it too.

namespace SharpCoreDB.EntityFrameworkCore.Query;

/// <summary>
/// Queries over JSON arrays: primitive collections (<c>List&lt;string&gt;</c>, <c>int[]</c> stored as JSON arrays,
/// and collection parameters sent as one JSON array) and owned collections mapped to a JSON column become a
/// <c>json_each</c> table, ordered by its <c>key</c> (the array index) so element order is kept. The relational base
/// refuses these; the SQLite provider's visitor translates them but probes native SQLite for its version when created.
/// </summary>
internal sealed partial class SharpCoreDBQueryableMethodTranslatingExpressionVisitor
{
    private const string KeyColumn = "key";
    private const string ValueColumn = "value";

    protected override ShapedQueryExpression? TranslatePrimitiveCollection(SqlExpression sqlExpression, IProperty? property, string tableAlias)
    {
        var elementType = ElementType(sqlExpression.Type);
        var elementMapping = (RelationalTypeMapping?)sqlExpression.TypeMapping?.ElementTypeMapping;
        var table = new JsonEachExpression(tableAlias, sqlExpression);
        // A column's element nullability is in the model; a parameter has only its CLR type.
        bool elementNullable = property?.GetElementType()?.IsNullable ?? IsNullableClrType(elementType);
        var intMapping = IntMapping();
        var select = new SelectExpression(
            [table],
            new ColumnExpression(ValueColumn, tableAlias, UnwrapNullable(elementType), elementMapping, elementNullable),
            [(new ColumnExpression(KeyColumn, tableAlias, typeof(int), intMapping, nullable: false), intMapping.Comparer)],
            _sqlAliasManager);
        select.AppendOrdering(new OrderingExpression(
            select.CreateColumnExpression(table, KeyColumn, typeof(int), intMapping, columnNullable: false), ascending: true));

        Expression shaper = new ProjectionBindingExpression(select, new ProjectionMember(), MakeNullable(elementType));
        if (shaper.Type != elementType)
        {
            shaper = Expression.Convert(shaper, elementType);
        }

        return new ShapedQueryExpression(select, shaper);
    }

    protected override ShapedQueryExpression TransformJsonQueryToTable(JsonQueryExpression jsonQueryExpression)
    {
        // json_each yields each array element as one JSON object; an inner select extracts one column per JSON
        // property (value ->> 'Name'), and the outer select projects the structural type from those columns.
        var structuralType = jsonQueryExpression.StructuralType;
        var textMapping = RelationalDependencies.TypeMappingSource.FindMapping(typeof(string))!;
        var intMapping = IntMapping();
        string aliasSource = jsonQueryExpression.JsonColumn.Name;
        for (int i = jsonQueryExpression.Path.Count - 1; i >= 0; i--)
        {
            if (jsonQueryExpression.Path[i].PropertyName is { } name)
            {
                aliasSource = name;
                break;
            }
        }

        var table = new JsonEachExpression(
            _sqlAliasManager.GenerateTableAlias(aliasSource), jsonQueryExpression.JsonColumn, jsonQueryExpression.Path);
        var inner = CreateSelect(jsonQueryExpression, table, KeyColumn, typeof(int), intMapping);
        inner.AppendOrdering(new OrderingExpression(
            inner.CreateColumnExpression(table, KeyColumn, typeof(int), intMapping, columnNullable: false), ascending: true));
        var element = inner.CreateColumnExpression(table, ValueColumn, typeof(string), textMapping);

        var columns = new Dictionary<ProjectionMember, Expression>();
        foreach (var property in structuralType.GetPropertiesInHierarchy())
        {
            if (property.GetJsonPropertyName() is { } jsonName)
            {
                columns[new ProjectionMember().Append(new JsonAliasMember(jsonName))] = new JsonScalarExpression(
                    element, [new PathSegment(jsonName)], UnwrapNullable(property.ClrType), property.GetRelationalTypeMapping(), property.IsNullable);
            }
        }

        if (structuralType is IEntityType entityType)
        {
            foreach (var navigation in entityType.GetNavigationsInHierarchy())
            {
                if (navigation.ForeignKey.IsOwnership && navigation.ForeignKey.PrincipalToDependent == navigation
                    && navigation.TargetEntityType.IsMappedToJson() && navigation.TargetEntityType.GetJsonPropertyName() is { } jsonName)
                {
                    columns[new ProjectionMember().Append(new JsonAliasMember(jsonName))] = new JsonScalarExpression(
                        element, [new PathSegment(jsonName)], typeof(string), textMapping, !navigation.ForeignKey.IsRequiredDependent);
                }
            }
        }

        foreach (var complexProperty in structuralType.GetComplexProperties())
        {
            if (complexProperty.ComplexType.GetJsonPropertyName() is { } jsonName)
            {
                columns[new ProjectionMember().Append(new JsonAliasMember(jsonName))] = new JsonScalarExpression(
                    element, [new PathSegment(jsonName)], typeof(string), textMapping, jsonQueryExpression.IsNullable || complexProperty.IsNullable);
            }
        }

        inner.ReplaceProjection(columns);
        inner.PushdownIntoSubquery();
        var subquery = inner.Tables[0];
        var outer = CreateSelect(jsonQueryExpression, subquery, KeyColumn, typeof(int), intMapping);
        outer.AppendOrdering(new OrderingExpression(
            inner.CreateColumnExpression(subquery, KeyColumn, typeof(int), intMapping, columnNullable: false), ascending: true));
        return new ShapedQueryExpression(
            outer,
            new RelationalStructuralTypeShaperExpression(
                structuralType, new ProjectionBindingExpression(outer, new ProjectionMember(), typeof(ValueBuffer)), false));
    }

    protected override ShapedQueryExpression? TranslateElementAtOrDefault(ShapedQueryExpression source, Expression index, bool returnDefault)
    {
        // array[i] of a bare JSON array column is a path lookup (json -> '$[i]'), not a subquery with OFFSET.
        if (!returnDefault
            && source.QueryExpression is SelectExpression
            {
                Tables: [JsonEachExpression { Path: null or [] } table],
                Predicate: null,
                GroupBy: [],
                Having: null,
                IsDistinct: false,
                Orderings: [{ Expression: ColumnExpression { Name: KeyColumn } ordering, IsAscending: true }],
                Limit: null,
                Offset: null,
            } select
            && ordering.TableAlias == table.Alias
            && StripNullableConvert(source.ShaperExpression) is ProjectionBindingExpression binding
            && select.GetProjection(binding) is ColumnExpression projected
            && TranslateExpression(index) is { } translatedIndex)
        {
            var element = new JsonScalarExpression(
                table.JsonExpression, [new PathSegment(translatedIndex)], projected.Type, projected.TypeMapping, projected.IsNullable);
            return source.UpdateQueryExpression(new SelectExpression(element, _sqlAliasManager));
        }

        return base.TranslateElementAtOrDefault(source, index, returnDefault);
    }

    protected override bool TrySerializeScalarToJson(JsonScalarExpression target, SqlExpression value, [NotNullWhen(true)] out SqlExpression? jsonValue)
    {
        // A bool is stored as 1/0; json('true'/'false') makes json_set write JSON true/false, as SaveChanges does.
        var providerType = value.TypeMapping?.Converter?.ProviderClrType ?? value.Type;
        if (UnwrapNullable(providerType) == typeof(bool))
        {
            var sql = RelationalDependencies.SqlExpressionFactory;
            SqlExpression text = value is SqlConstantExpression { Value: bool constant }
                ? sql.Constant(constant ? "true" : "false")
                : sql.Case(
                    [
                        new CaseWhenClause(sql.Equal(value, sql.Constant(true)), sql.Constant("true")),
                        new CaseWhenClause(sql.Equal(value, sql.Constant(false)), sql.Constant("false")),
                    ],
                    sql.Constant("null"));
            jsonValue = sql.Function("json", [text], nullable: true, argumentsPropagateNullability: [true], typeof(string),
                RelationalDependencies.TypeMappingSource.FindMapping(typeof(string)));
            return true;
        }

        return base.TrySerializeScalarToJson(target, value, out jsonValue);
    }

    protected override SqlExpression? GenerateJsonPartialUpdateSetter(Expression target, SqlExpression value, ref SqlExpression? existingSetterValue)
    {
        // ExecuteUpdate of properties inside one JSON column: json_set calls nest, one per property, on the column.
        var (column, path) = target switch
        {
            JsonScalarExpression scalar => ((ColumnExpression)scalar.Json, scalar.Path),
            JsonQueryExpression query => (query.JsonColumn, query.Path),
            _ => throw new InvalidOperationException($"'{target}' is not inside a JSON column."),
        };
        var sql = RelationalDependencies.SqlExpressionFactory;
        // A nested object or array arrives as JSON text: json() keeps json_set from storing it as a string.
        var newValue = target is JsonQueryExpression
            ? sql.Function("json", [value], nullable: true, argumentsPropagateNullability: [true], typeof(string), value.TypeMapping)
            : value;
        // The SQL generator renders a constant holding path segments as the JSON path text.
        var set = sql.Function(
            "json_set",
            [existingSetterValue ?? column, sql.Constant(path, RelationalTypeMapping.NullMapping), newValue],
            nullable: true,
            argumentsPropagateNullability: [true, true, true],
            typeof(string),
            column.TypeMapping);
        if (existingSetterValue is null)
        {
            return set;
        }

        existingSetterValue = set;
        return null;
    }

    protected override bool IsNaturallyOrdered(SelectExpression selectExpression) =>
        selectExpression is { Tables: [var first, ..], Orderings: [{ Expression: ColumnExpression { Name: KeyColumn } ordering, IsAscending: true }] }
        && ordering.TableAlias == first.Alias
        && IsJsonEachKey(selectExpression, ordering);

    // The key column of a json_each table, directly or projected through the subqueries built above.
    private static bool IsJsonEachKey(SelectExpression select, ColumnExpression column)
    {
        foreach (var table in select.Tables)
        {
            if (table.Alias != column.TableAlias)
            {
                continue;
            }

            var unwrapped = table.UnwrapJoin();
            if (unwrapped is JsonEachExpression)
            {
                return true;
            }

            if (unwrapped is SelectExpression subquery)
            {
                foreach (var projection in subquery.Projection)
                {
                    if (projection.Alias == KeyColumn)
                    {
                        return projection.Expression is ColumnExpression inner && IsJsonEachKey(subquery, inner);
                    }
                }
            }

            return false;
        }

        return false;
    }

    private static Expression StripNullableConvert(Expression shaper) =>
        shaper is UnaryExpression { NodeType: ExpressionType.Convert } convert && Nullable.GetUnderlyingType(convert.Operand.Type) == convert.Type
            ? convert.Operand
            : shaper;

    private static Type ElementType(Type sequence)
    {
        if (sequence.IsArray)
        {
            return sequence.GetElementType()!;
        }

        foreach (var candidate in sequence.IsInterface ? [sequence, .. sequence.GetInterfaces()] : sequence.GetInterfaces())
        {
            if (candidate.IsGenericType && candidate.GetGenericTypeDefinition() == typeof(IEnumerable<>))
            {
                return candidate.GetGenericArguments()[0];
            }
        }

        throw new InvalidOperationException($"'{sequence.Name}' is not a sequence; a primitive collection must be one.");
    }

    private RelationalTypeMapping IntMapping() => RelationalDependencies.TypeMappingSource.FindMapping(typeof(int))!;

    private static bool IsNullableClrType(Type type) => !type.IsValueType || Nullable.GetUnderlyingType(type) is not null;

    private static Type UnwrapNullable(Type type) => Nullable.GetUnderlyingType(type) ?? type;

    private static Type MakeNullable(Type type) => type.IsValueType && Nullable.GetUnderlyingType(type) is null ? typeof(Nullable<>).MakeGenericType(type) : type;
}
