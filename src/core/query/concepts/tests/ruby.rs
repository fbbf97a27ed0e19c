//! Ruby rows: a line that shows each, and near misses.

use super::{assert_found, assert_not_found};

#[rustfmt::skip]
pub(super) const FOUND: &[(&str, &str, &str)] = &[
    ("ruby", "rb-rescue", "rescue => e"),
    ("ruby", "rb-attributes", "attr_accessor :name, :email"),
    ("ruby", "rb-associations", "has_many :orders, dependent: :destroy"),
    ("ruby", "rb-validations", "validates :email, presence: true"),
    ("ruby", "rb-scopes", "scope :active, -> { where(active: true) }"),
    ("ruby", "rb-callbacks", "before_action :authenticate_user!"),
    ("ruby", "rb-for-loops", "for item in items"),
    ("ruby", "rb-string-concatenation", "msg = \"Hello, \" + name"),
    ("ruby", "rb-unless", "return unless user"),
    ("ruby", "rb-sql-interpolation", "User.where(\"name = '#{name}'\")"),
    ("ruby", "rb-frozen-strings", "# frozen_string_literal: true"),
    ("ruby", "rb-eager-loading", "posts = Post.includes(:comments)"),
    ("ruby", "rb-metaprogramming", "obj.send(:secret)"),
    ("ruby", "rb-strong-parameters", "params.require(:user).permit(:name)"),
    ("ruby", "rb-puts", "puts \"done\""),
    ("ruby", "rb-iterators", "items.each do |item|"),
    ("ruby", "rb-interpolation", "msg = \"Hello, #{name}\""),
    ("ruby", "rb-safe-navigation", "city = user&.address&.city"),
    ("ruby", "rb-class-methods", "def self.build(attrs)"),
    ("ruby", "rb-rspec", "it 'adds items' do"),
    ("ruby", "rb-raise", "raise ArgumentError, 'negative'"),
    ("ruby", "rb-hash-rockets", "{ :name => 'x' }"),
];

#[test]
fn ruby_rows_are_found() {
    assert_found(FOUND);
}

#[test]
#[rustfmt::skip]
fn ruby_near_misses_are_not() {
    assert_not_found(&[
        ("ruby", "rb-sql-interpolation", "User.where(name: name)"),
        ("ruby", "rb-unless", "# unless is fine"),
        ("ruby", "rb-rescue", "rescued = true"),
        ("ruby", "rb-interpolation", "msg = 'Hello, #{name}'"),
    ]);
}
