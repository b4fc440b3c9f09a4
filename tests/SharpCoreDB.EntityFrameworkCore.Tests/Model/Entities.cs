namespace SharpCoreDB.EntityFrameworkCore.Tests.Model;

// The Northwind-like model of the differential tests: every kind of date, decimals, GUIDs, enums, nullable columns,
// one-to-many, a self reference, a many-to-many and an owned type. One file: the entities are plain data, read together.
#pragma warning disable CA1002, CA2227, CA1056 // EF entities: settable List<T> collections are the EF idiom.

public enum CustomerTier
{
    Basic = 0,
    Silver = 1,
    Gold = 2,
}

public enum OrderStatus
{
    Pending = 0,
    Shipped = 1,
    Delivered = 2,
    Cancelled = 3,
}

public sealed class Category
{
    public int Id { get; set; }
    public string Name { get; set; } = "";
    public string? Description { get; set; }
    public List<Product> Products { get; set; } = [];
}

public sealed class Tag
{
    public int Id { get; set; }
    public string Label { get; set; } = "";
    public List<Product> Products { get; set; } = [];
}

public sealed class Product
{
    public int Id { get; set; }
    public string Name { get; set; } = "";
    public int CategoryId { get; set; }
    public Category Category { get; set; } = null!;
    public decimal UnitPrice { get; set; }
    public int UnitsInStock { get; set; }
    public bool Discontinued { get; set; }
    public double? Weight { get; set; }
    public Guid Sku { get; set; }
    public int Version { get; set; }
    public List<Tag> Tags { get; set; } = [];
    public List<OrderLine> Lines { get; set; } = [];
}

public sealed class Address
{
    public string Street { get; set; } = "";
    public string City { get; set; } = "";
    public string? PostalCode { get; set; }
}

public sealed class Customer
{
    public int Id { get; set; }
    public string Name { get; set; } = "";
    public string Country { get; set; } = "";
    public string? Email { get; set; }
    public CustomerTier Tier { get; set; }
    public Address Address { get; set; } = new();
    public DateTime CreatedAt { get; set; }
    public DateOnly? Birthday { get; set; }
    public decimal CreditLimit { get; set; }
    public List<Order> Orders { get; set; } = [];
}

public sealed class Employee
{
    public int Id { get; set; }
    public string Name { get; set; } = "";
    public string Title { get; set; } = "";
    public int? ManagerId { get; set; }
    public Employee? Manager { get; set; }
    public List<Employee> Reports { get; set; } = [];
    public DateOnly HiredOn { get; set; }
    public TimeOnly ShiftStart { get; set; }
    public decimal? Salary { get; set; }
    public List<Order> Orders { get; set; } = [];
}

public sealed class Order
{
    public int Id { get; set; }
    public int CustomerId { get; set; }
    public Customer Customer { get; set; } = null!;
    public int? EmployeeId { get; set; }
    public Employee? Employee { get; set; }
    public DateTime OrderedAt { get; set; }
    public DateTime? ShippedAt { get; set; }
    public DateTimeOffset PlacedAt { get; set; }
    public TimeSpan HandlingTime { get; set; }
    public decimal Freight { get; set; }
    public OrderStatus Status { get; set; }
    public string? Notes { get; set; }
    public Guid TrackingId { get; set; }
    public List<OrderLine> Lines { get; set; } = [];
}

public sealed class OrderLine
{
    public int Id { get; set; }
    public int OrderId { get; set; }
    public Order Order { get; set; } = null!;
    public int ProductId { get; set; }
    public Product Product { get; set; } = null!;
    public int Quantity { get; set; }
    public decimal UnitPrice { get; set; }
    public double Discount { get; set; }
}
